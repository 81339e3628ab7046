import { Paper, Stack, Text } from '@mantine/core';
import { useDesigner } from '../designer-context';
import { newTemplateKey } from '../template-key';
import { IssueMessages } from './IssueMessages';
import { LibraryPicker } from './LibraryPicker';
import { SortableItem } from './SortableItem';
import { SortableList } from './SortableList';
import { StageCard } from './StageCard';

/** The template's stages in the order a permit goes through them, and the picker that adds one. */
export function StageList({ loading }: { loading: boolean }) {
  const { definition, edit, readOnly, issues, library } = useDesigner();
  const { stages } = definition;
  return (
    <Stack gap="sm" id="workflow-stages" aria-label="Stages" component="section">
      <IssueMessages issues={issues.template} />
      {stages.length === 0 ? (
        <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }}>
          <Text size="sm" c="dimmed" ta="center">
            {readOnly
              ? 'This version has no stages.'
              : 'No stages yet. Add the first stage from the library: permits go through the stages in order.'}
          </Text>
        </Paper>
      ) : (
        <SortableList
          ids={stages.map((stage) => stage.key)}
          nameOf={(key) => {
            const index = stages.findIndex((stage) => stage.key === key);
            return `the stage ${stages[index]?.name || `Stage ${index + 1}`}`;
          }}
          onMove={(from, to) => edit({ type: 'moveStage', from, to })}
        >
          {stages.map((stage, index) => (
            <SortableItem key={stage.key} id={stage.key} disabled={readOnly}>
              {(handle) => <StageCard stage={stage} index={index} count={stages.length} handle={handle} />}
            </SortableItem>
          ))}
        </SortableList>
      )}
      {readOnly ? null : (
        <LibraryPicker
          label="Add a stage"
          entries={library.stage}
          loading={loading}
          onPick={(entry) => edit({ type: 'addStage', key: newTemplateKey(), entry })}
        />
      )}
    </Stack>
  );
}
