import type { TemplateStage } from '@crossarm/shared';
import { Badge, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useDesigner } from '../designer-context';
import { anchorOf, issuesUnder } from '../template-issues';
import { timerSummary } from '../timer-form';
import { confirmRemoval } from './confirm-removal';
import { DragHandle } from './DragHandle';
import { fieldError, IssueMessages } from './IssueMessages';
import { ItemMenu } from './ItemMenu';
import type { DragHandleProps } from './SortableItem';
import { TaskList } from './TaskList';

interface StageCardProps {
  stage: TemplateStage;
  index: number;
  count: number;
  handle: DragHandleProps;
}

/** One stage: its name, its timer, its problems and its tasks. */
export function StageCard({ stage, index, count, handle }: StageCardProps) {
  const { edit, readOnly, issues, open } = useDesigner();
  const own = issues.stage(stage.key);
  const nameIssues = issuesUnder(own, 'name');
  const label = stage.name || `Stage ${index + 1}`;
  const openPanel = () => open({ kind: 'stage', stageKey: stage.key });

  const remove = async () => {
    const tasks = stage.tasks.length;
    const sure = await confirmRemoval(
      'Remove stage',
      `Remove the stage '${label}'${tasks > 0 ? ` and its ${tasks === 1 ? 'task' : `${tasks} tasks`}` : ''} from this draft?`,
    );
    if (sure) edit({ type: 'removeStage', stageKey: stage.key });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      id={anchorOf({ kind: 'stage', stageKey: stage.key })}
      aria-label={`Stage ${index + 1}: ${label}`}
      role="group"
      style={own.length > 0 ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <DragHandle handle={handle} label={`Drag to reorder the stage ${label}`} />
          <Badge circle variant="light" mt={4}>
            {index + 1}
          </Badge>
          <TextInput
            aria-label="Stage name"
            value={stage.name}
            readOnly={readOnly}
            variant={readOnly ? 'unstyled' : 'default'}
            size="sm"
            fw={600}
            style={{ flex: 1 }}
            onChange={(event) =>
              edit({ type: 'renameStage', stageKey: stage.key, name: event.currentTarget.value })
            }
            error={fieldError(nameIssues)}
          />
          {stage.timer || !readOnly ? (
            <Button
              size="xs"
              variant={stage.timer ? 'light' : 'subtle'}
              color={issuesUnder(own, 'timer').length > 0 ? 'red' : undefined}
              leftSection={<IconClock size={14} />}
              onClick={openPanel}
              aria-label={`Stage timer of ${label}`}
            >
              {stage.timer ? timerSummary(stage.timer) : 'Add timer'}
            </Button>
          ) : null}
          {readOnly ? null : (
            <ItemMenu
              name={`the stage ${label}`}
              index={index}
              count={count}
              onMove={(to) => edit({ type: 'moveStage', from: index, to })}
              onOpen={openPanel}
              onRemove={() => void remove()}
            />
          )}
        </Group>
        <IssueMessages issues={own.filter((issue) => !nameIssues.includes(issue))} />
        <TaskList stage={stage} />
      </Stack>
    </Paper>
  );
}
