import { IconChartBar } from '@tabler/icons-react';
import { PagePlaceholder } from '../components/PagePlaceholder';

/** Analytics: the page's frame until its content is built. */
export function AnalyticsPage() {
  return (
    <PagePlaceholder
      title="Analytics"
      description="Permit and pole throughput by status, stage, task and utility."
      icon={<IconChartBar size={28} stroke={1.5} />}
      emptyTitle="No analytics yet"
      emptyText="Charts of permits by status and stage, poles submitted per week and tasks completed will appear here."
    />
  );
}
