import { PageHeader } from '../../components/PageHeader';
import { OwnApplications } from '../../features/organizations/components/OwnApplications';

/** Applications: which applications the organization has, and how many of its users can use each. */
export function AdminAppsPage() {
  return (
    <>
      <PageHeader
        title="Applications"
        description="Applications enabled for your organization and the users who can open them."
      />
      <OwnApplications />
    </>
  );
}
