import { PageHeader } from '../../../components/PageHeader';
import { SystemAppsGrid } from '../../../features/library/components/SystemAppsGrid';

/** Apps & Libraries: the platform's applications and, for Joint Use, its library. */
export function SystemAppsPage() {
  return (
    <>
      <PageHeader
        title="Apps & Libraries"
        description="Applications, the organizations that use them, and the library entries their workflows are built from."
      />
      <SystemAppsGrid />
    </>
  );
}
