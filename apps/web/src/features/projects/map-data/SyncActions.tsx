import type { AgolSettings, GeodataKind, GeodataWriteResult } from '@crossarm/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { writeResultSentence } from './agol-form';
import { mapDataKeys, syncLayer } from './map-data-api';
import { WriteResultPanel } from './WriteResultPanel';

interface SyncActionsProps {
  projectId: string;
  settings: AgolSettings;
  /** While the layer form has unsaved changes: a sync reads the saved layer, not the one typed. */
  disabled: boolean;
}

const TITLES: Record<GeodataKind, string> = { poles: 'Poles synced', spans: 'Spans synced' };

/** Sync poles / Sync spans from the saved layers, with what the last sync changed. */
export function SyncActions({ projectId, settings, disabled }: SyncActionsProps) {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<Partial<Record<GeodataKind, GeodataWriteResult>>>({});
  const sync = useMutation({
    mutationFn: (kind: GeodataKind) =>
      syncLayer(projectId, kind, conflictHandler(`The ${kind} were not synced`)),
    onSuccess: (next) => {
      setResults((current) => ({ ...current, [next.kind]: next }));
      // Counts, extent, last sync and the features on the map all changed.
      void queryClient.invalidateQueries({ queryKey: mapDataKeys.all(projectId) });
      notifySuccess(TITLES[next.kind], writeResultSentence(next));
    },
  });
  const running = sync.isPending ? sync.variables : null;
  const blocked = disabled || running !== null;
  const hasSpans = settings.spansLayerId !== null;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={running === 'poles'}
          disabled={blocked}
          onClick={() => sync.mutate('poles')}
        >
          Sync poles
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={running === 'spans'}
          disabled={blocked || !hasSpans}
          title={hasSpans ? undefined : 'Set a spans layer first'}
          onClick={() => sync.mutate('spans')}
        >
          Sync spans
        </Button>
      </Group>
      {disabled ? (
        <Text size="xs" c="dimmed">
          Save the layer first: a sync reads the saved layer.
        </Text>
      ) : null}
      {running ? (
        <Text size="xs" c="dimmed" role="status">
          Reading the {running} layer from ArcGIS; a large layer takes a while.
        </Text>
      ) : null}
      {Object.values(results).map((result) => (
        <WriteResultPanel key={result.kind} title={TITLES[result.kind]} result={result} />
      ))}
    </Stack>
  );
}
