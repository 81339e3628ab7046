import { PageHeader } from '../../components/PageHeader';
import { MyWorkTabs } from '../../features/my-work/components/MyWorkTabs';

/** My Work: the tasks assigned to the caller and the comments that mention them. */
export function MyWorkPage() {
  return (
    <>
      <PageHeader title="My Work" description="Tasks assigned to you and comments that mention you." />
      <MyWorkTabs />
    </>
  );
}
