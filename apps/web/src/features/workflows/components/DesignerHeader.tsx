import { formatDate, type WorkflowTemplate } from '@crossarm/shared';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { VersionStatusBadge } from '../groups/VersionStatusBadge';

interface DesignerHeaderProps {
  template: WorkflowTemplate;
  actions: ReactNode;
}

/** The top of the designer: where the template sits, its version and status, and the actions. */
export function DesignerHeader({ template, actions }: DesignerHeaderProps) {
  const projectPath = `/projects/${encodeURIComponent(template.project.id)}`;
  let note = `Draft, last changed ${formatDate(template.updatedAt)}`;
  if (template.status === 'Published') {
    const by = template.publishedBy ? ` by ${template.publishedBy.name}` : '';
    note = `Published ${formatDate(template.publishedAt)}${by}: this version is final.`;
  }
  return (
    <PageHeader
      title={template.group.name}
      description={note}
      breadcrumbs={[
        { label: 'Projects', to: '/projects' },
        { label: template.project.name, to: projectPath },
        { label: 'Workflows', to: `${projectPath}?tab=workflows` },
        { label: template.group.name },
      ]}
      aside={
        <>
          <Badge variant="outline" color="gray" radius="sm" tt="none" fw={500}>
            Version {template.version}
          </Badge>
          <VersionStatusBadge status={template.status} />
        </>
      }
      actions={actions}
    />
  );
}
