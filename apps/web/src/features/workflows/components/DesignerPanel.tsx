import { Drawer } from '@mantine/core';
import { findTask } from '../definition-reducer';
import type { PanelSelection } from '../designer-context';
import { useDesigner } from '../designer-context';
import { StagePanel } from './StagePanel';
import { TaskPanel } from './TaskPanel';

interface DesignerPanelProps {
  selection: PanelSelection | null;
  onClose: () => void;
}

/** The side panel with the settings of the selected stage or task. */
export function DesignerPanel({ selection, onClose }: DesignerPanelProps) {
  const { definition } = useDesigner();
  const stage =
    selection?.kind === 'stage' ? definition.stages.find((s) => s.key === selection.stageKey) : undefined;
  const placed = selection?.kind === 'task' ? findTask(definition, selection.taskKey) : null;
  let title = '';
  if (stage) title = `Stage: ${stage.name}`;
  else if (placed) title = `${placed.stage.name} › ${placed.task.name}`;
  return (
    <Drawer
      opened={Boolean(stage || placed)}
      onClose={onClose}
      position="right"
      size={480}
      title={title}
      styles={{ title: { fontWeight: 600 } }}
      closeButtonProps={{ 'aria-label': 'Close panel' }}
    >
      {stage ? <StagePanel stage={stage} /> : null}
      {placed ? <TaskPanel stage={placed.stage} task={placed.task} /> : null}
    </Drawer>
  );
}
