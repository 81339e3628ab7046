import { CLOSED_PERMIT_STATUSES } from '@crossarm/shared';
import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { LoadErrorState } from '../../../components/LoadErrorState';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { PageHeader } from '../../../components/PageHeader';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { fetchMapMetadata, mapDataKeys } from '../../projects/map-data/map-data-api';
import { permitKeys } from '../permit-keys';
import { PickedPoleList } from './PickedPoleList';
import { PolePickerMap } from './PolePickerMap';
import {
  fetchPermitHeader,
  fetchPermitMap,
  fetchPermitMapMetadata,
  fetchStageHeaders,
  savePermitPoles,
} from './permit-map-api';
import {
  changeSummary,
  emptySelection,
  type PickedPole,
  type PoleSelection,
  pickedOf,
  poleEditBlocker,
  removePole,
  restorePole,
  selectionChanges,
  togglePole,
} from './pole-selection';

const BACK = { label: 'All Permits', to: '/permitting/all' };

const plural = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? noun : `${noun}s`}`;

/** A permit's poles and spans on the project map, and, while the caller may, changing which poles it names. */
export function PermitMapView({ permitId }: { permitId: string }) {
  const queryClient = useQueryClient();
  const header = useQuery({
    queryKey: permitKeys.header(permitId),
    queryFn: ({ signal }) => fetchPermitHeader(permitId, signal),
    retry: false,
  });
  const open = header.data && !(CLOSED_PERMIT_STATUSES as readonly string[]).includes(header.data.status);
  const stages = useQuery({
    queryKey: permitKeys.stageHeaders(permitId),
    queryFn: ({ signal }) => fetchStageHeaders(permitId, signal),
    enabled: Boolean(open && !header.data?.isPoleOwner),
  });
  const metadata = useQuery({
    queryKey: permitKeys.mapMetadata(permitId),
    queryFn: ({ signal }) => fetchPermitMapMetadata(permitId, signal),
    retry: false,
  });
  const features = useQuery({
    queryKey: permitKeys.mapFeatures(permitId),
    queryFn: ({ signal }) => fetchPermitMap(permitId, signal),
  });

  const [selection, setSelection] = useState<PoleSelection>(emptySelection());
  // The saved poles become the selection whenever they are read again (after a save, or a change elsewhere).
  useEffect(() => {
    if (features.data) setSelection(emptySelection(features.data.poles.features.map(pickedOf)));
  }, [features.data]);

  const changes = selectionChanges(selection);
  useDirtyFlag(`permit-map-${permitId}`, changes.changed);

  const blocker = header.data
    ? poleEditBlocker(header.data, open && !header.data.isPoleOwner ? (stages.data ?? []) : [])
    : 'Loading';
  const stagesPending = Boolean(open && !header.data?.isPoleOwner && stages.isPending);
  const editable = blocker === null && !stagesPending;

  const save = useMutation({
    mutationFn: () =>
      savePermitPoles(permitId, { poleIds: selection.current.map((pole) => pole.externalId) }),
    onSuccess: async () => {
      notifySuccess('Poles saved', changeSummary(selection.current.length, changes.added, changes.removed));
      await queryClient.invalidateQueries({ queryKey: permitKeys.detail(permitId) });
    },
  });

  const onSave = async () => {
    const ok = await confirm({
      title: 'Save poles',
      message: `The permit will apply for ${changeSummary(selection.current.length, changes.added, changes.removed)}.`,
      confirmLabel: 'Save poles',
    });
    if (ok) save.mutate();
  };

  const number = header.data?.permitNumber;
  const missing = metadata.data?.missingPoleIds ?? [];
  const projectId = header.data?.project.id ?? '';
  // A permit with no poles yet opens on the project's poles.
  const projectMap = useQuery({
    queryKey: mapDataKeys.metadata(projectId),
    queryFn: ({ signal }) => fetchMapMetadata(projectId, signal),
    enabled: Boolean(projectId) && metadata.data?.bbox === null,
  });
  const bbox = metadata.data?.bbox ?? projectMap.data?.bbox ?? null;
  const toggle = editable ? (pole: PickedPole) => setSelection((s) => togglePole(s, pole)) : undefined;

  return (
    <>
      <PageHeader
        title={number ? `Permit ${number}: map` : 'Permit map'}
        description={header.data ? `${header.data.project.name} · ${header.data.applicant.name}` : undefined}
        breadcrumbs={[BACK, { label: number ?? 'Permit', to: `/permitting/${permitId}` }, { label: 'Map' }]}
        actions={
          editable ? (
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={!changes.changed || save.isPending}
                onClick={() =>
                  features.data && setSelection(emptySelection(features.data.poles.features.map(pickedOf)))
                }
              >
                Discard changes
              </Button>
              <Button
                size="xs"
                leftSection={<IconDeviceFloppy size={14} />}
                disabled={!changes.changed}
                loading={save.isPending}
                onClick={() => void onSave()}
              >
                Save poles
              </Button>
            </Group>
          ) : null
        }
      />
      {header.isError || metadata.isError ? (
        <LoadErrorState
          error={header.error ?? metadata.error}
          noun="permit"
          backTo={BACK}
          onRetry={() => {
            void header.refetch();
            void metadata.refetch();
          }}
        />
      ) : !header.data || !metadata.data || !features.data ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={480} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={480} radius="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <Stack gap="sm">
          {blocker && !stagesPending && header.data.permissions.includes('EditPermits') ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
              {blocker}
            </Alert>
          ) : null}
          {editable ? (
            <Text size="sm" c="dimmed">
              Click a grey pole to add it to the permit, or a blue one to take it off, then save the poles.
            </Text>
          ) : null}
          {missing.length > 0 ? (
            <Alert color="yellow" variant="light" title="Poles no longer on the project map" p="xs">
              {missing.slice(0, 20).join(', ')}
              {missing.length > 20 ? ` and ${missing.length - 20} more` : ''}. Saving the poles leaves them
              out.
            </Alert>
          ) : null}
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <PolePickerMap
                projectId={header.data.project.id}
                bbox={bbox}
                selection={selection}
                spans={features.data.spans}
                onToggle={toggle}
                label="Permit map"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md" p="sm">
                <Group justify="space-between" mb={4}>
                  <Title order={2} fz="sm">
                    Poles of the permit
                  </Title>
                  <Text size="xs" c="dimmed">
                    {plural(selection.current.length, 'pole')} · {plural(metadata.data.spanCount, 'span')}
                  </Text>
                </Group>
                <PickedPoleList
                  selection={selection}
                  label="Poles of the permit"
                  onRemove={editable ? (id) => setSelection((s) => removePole(s, id)) : undefined}
                  onRestore={editable ? (pole) => setSelection((s) => restorePole(s, pole)) : undefined}
                />
              </Paper>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}
