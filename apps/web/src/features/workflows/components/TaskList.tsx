import type { TemplateStage } from '@crossarm/shared';
import { Stack, Text } from '@mantine/core';
import { useDesigner } from '../designer-context';
import { newTemplateKey } from '../template-key';
import { LibraryPicker } from './LibraryPicker';
import { SortableItem } from './SortableItem';
import { SortableList } from './SortableList';
import { TaskRow } from './TaskRow';

/** A stage's tasks in the order they are shown, and the picker that adds one. */
export function TaskList({ stage }: { stage: TemplateStage }) {
  const { edit, readOnly, library } = useDesigner();
  const { tasks } = stage;
  return (
    <Stack gap={6} pl={{ base: 0, sm: 36 }}>
      {tasks.length === 0 ? (
        <Text size="xs" c="dimmed">
          No tasks yet.
        </Text>
      ) : (
        <SortableList
          ids={tasks.map((task) => task.key)}
          nameOf={(key) => `the task ${tasks.find((task) => task.key === key)?.name ?? ''}`.trim()}
          onMove={(from, to) => edit({ type: 'moveTask', stageKey: stage.key, from, to })}
        >
          {tasks.map((task, index) => (
            <SortableItem key={task.key} id={task.key} disabled={readOnly}>
              {(handle) => (
                <TaskRow stage={stage} task={task} index={index} count={tasks.length} handle={handle} />
              )}
            </SortableItem>
          ))}
        </SortableList>
      )}
      {readOnly ? null : (
        <LibraryPicker
          label={`Add a task to ${stage.name || 'this stage'}`}
          entries={library.task}
          onPick={(entry) => edit({ type: 'addTask', stageKey: stage.key, key: newTemplateKey(), entry })}
        />
      )}
    </Stack>
  );
}
