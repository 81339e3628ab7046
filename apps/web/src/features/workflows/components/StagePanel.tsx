import type { TemplateStage } from '@crossarm/shared';
import { Stack, Text } from '@mantine/core';
import { useDesigner } from '../designer-context';
import { TimerEditor } from './TimerEditor';

/** A stage's settings: what the library says of it, and its timer. */
export function StagePanel({ stage }: { stage: TemplateStage }) {
  const { issues, entries } = useDesigner();
  const description = entries.get(stage.libraryEntryId)?.description;
  return (
    <Stack gap="lg">
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
      <TimerEditor
        owner={{ stageKey: stage.key }}
        timer={stage.timer}
        issues={issues.stage(stage.key)}
        defaultDays={null}
        description="A deadline for the whole stage, counted on each permit beside its tasks' own timers."
      />
    </Stack>
  );
}
