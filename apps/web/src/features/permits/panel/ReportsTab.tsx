import { formatDate, formatSize, type PermitReport } from '@crossarm/shared';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconExternalLink,
  IconFileAnalytics,
  IconPlus,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { permitKeys } from '../permit-keys';
import { AddReportForm } from './AddReportForm';
import { PanelError } from './PanelError';
import { PanelListSkeleton } from './PanelListSkeleton';
import {
  deleteReport,
  downloadPermitFile,
  fetchReports,
  ignoreReported,
  markReportLatest,
} from './panel-api';
import { usePanelAbilities } from './use-panel-abilities';

/** A report's name: downloads its file, or opens its design's address in a new tab. */
function ReportName({ permitId, report }: { permitId: string; report: PermitReport }) {
  const { fileId, designUrl } = report;
  if (!fileId && !designUrl) {
    return (
      <Text size="sm" fw={500} truncate>
        {report.name}
      </Text>
    );
  }
  const Icon = fileId ? IconDownload : IconExternalLink;
  const target = fileId
    ? {
        component: 'button' as const,
        onClick: () => void ignoreReported(downloadPermitFile(permitId, fileId, report.name)),
      }
    : { component: 'a' as const, href: designUrl ?? undefined, target: '_blank', rel: 'noopener noreferrer' };
  return (
    <Anchor {...target} size="sm" fw={500}>
      <Group gap={4} wrap="nowrap" component="span">
        <Icon size={13} />
        <Text span size="sm" truncate>
          {report.name}
        </Text>
      </Group>
    </Anchor>
  );
}

/** The permit's design reports, newest first with the latest flagged; add, pick the latest, delete. */
export function ReportsTab({ permitId }: { permitId: string }) {
  const queryClient = useQueryClient();
  const abilities = usePanelAbilities(permitId);
  const [adding, setAdding] = useState(false);
  const reports = useQuery({
    queryKey: permitKeys.reports(permitId),
    queryFn: ({ signal }) => fetchReports(permitId, signal),
  });

  const latest = useMutation({
    mutationFn: (report: PermitReport) => markReportLatest(permitId, report.id),
    onSuccess: (list, report) => {
      queryClient.setQueryData(permitKeys.reports(permitId), list);
      notifySuccess('Latest report changed', report.name);
    },
  });
  const remove = useMutation({
    mutationFn: (report: PermitReport) => deleteReport(permitId, report.id),
    onSuccess: async (_, report) => {
      notifySuccess('Report deleted', report.name);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: permitKeys.reports(permitId) }),
        queryClient.invalidateQueries({ queryKey: permitKeys.activity(permitId) }),
      ]);
    },
  });

  const askDelete = async (report: PermitReport) => {
    const confirmed = await confirm({
      title: 'Delete report',
      message: `Delete the report ${report.name}?${report.isLatest ? ' It is the latest; the newest remaining report becomes the latest.' : ''}`,
      confirmLabel: 'Delete',
      confirmColor: 'red',
    });
    if (confirmed) remove.mutate(report);
  };

  if (reports.isPending) return <PanelListSkeleton rows={3} />;
  if (reports.isError) return <PanelError what="The reports" onRetry={() => void reports.refetch()} />;

  const form = adding ? <AddReportForm permitId={permitId} onDone={() => setAdding(false)} /> : null;
  const addButton =
    abilities.editFiles && !adding ? (
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
        Add report
      </Button>
    ) : undefined;

  if (reports.data.length === 0) {
    return (
      <Stack gap="xs">
        {form}
        {adding ? null : (
          <EmptyStatePanel
            icon={IconFileAnalytics}
            title="No reports yet"
            description="Design reports (loading analyses, make-ready designs) go here: upload the report file or link the design by its id. The newest is the latest unless you pick another."
            action={addButton}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {addButton ? <Group justify="flex-end">{addButton}</Group> : null}
      {form}
      <Stack gap={4} component="ul" aria-label="Reports" p={0} m={0} style={{ listStyle: 'none' }}>
        {reports.data.map((report) => (
          <Paper key={report.id} component="li" withBorder radius="sm" px="xs" py={6}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Stack gap={0} miw={0}>
                <Group gap={6} wrap="nowrap" miw={0}>
                  <ReportName permitId={permitId} report={report} />
                  {report.isLatest ? (
                    <Badge size="xs" color="green" variant="light">
                      Latest
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {report.fileId ? formatSize(report.size) : 'Design link'} ·{' '}
                  {report.createdBy?.name ?? 'Former user'} · {formatDate(report.createdAt)}
                </Text>
              </Stack>
              {(abilities.editFiles && !report.isLatest) || report.canDelete ? (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Actions for ${report.name}`}
                    >
                      <IconDots size={14} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {abilities.editFiles && !report.isLatest ? (
                      <Menu.Item leftSection={<IconStar size={14} />} onClick={() => latest.mutate(report)}>
                        Mark as latest
                      </Menu.Item>
                    ) : null}
                    {report.canDelete ? (
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => void askDelete(report)}
                      >
                        Delete
                      </Menu.Item>
                    ) : null}
                  </Menu.Dropdown>
                </Menu>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
