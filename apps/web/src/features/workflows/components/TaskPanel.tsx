import type { TemplateStage, TemplateTask } from '@crossarm/shared';
import { MultiSelect, Stack } from '@mantine/core';
import { useDesigner } from '../designer-context';
import { issuesUnder } from '../template-issues';
import { AssigneePicker } from './AssigneePicker';
import { fieldError, IssueMessages } from './IssueMessages';
import { PanelSection } from './PanelSection';
import { PropertyListEditor } from './PropertyListEditor';
import { TimerEditor } from './TimerEditor';

const SECTIONS = ['properties', 'dependsOn', 'defaultAssignees', 'timer'];

/** A task's settings: its properties, what it waits on, who it goes to, and its timer. */
export function TaskPanel({ stage, task }: { stage: TemplateStage; task: TemplateTask }) {
  const { edit, readOnly, issues, entries } = useDesigner();
  const own = issues.task(task.key);
  const shownInSections = new Set(SECTIONS.flatMap((field) => issuesUnder(own, field)));
  const siblings = stage.tasks
    .filter((other) => other.key !== task.key)
    .map((other) => ({ value: other.key, label: other.name || 'Task' }));
  const unknown = task.dependsOn
    .filter((key) => !siblings.some((option) => option.value === key))
    .map((key) => ({ value: key, label: 'A task not in this stage' }));

  return (
    <Stack gap="lg">
      <IssueMessages issues={own.filter((issue) => !shownInSections.has(issue))} />
      <PanelSection
        title="Properties"
        description="What is filled in on this task; a required property must be filled before the task completes."
      >
        <PropertyListEditor
          list={{ taskKey: task.key }}
          properties={task.properties}
          rowIssues={(index) => issuesUnder(own, `properties.${index}`)}
          owner="this task"
        />
      </PanelSection>
      <PanelSection title="Dependencies">
        <MultiSelect
          label="Waits on"
          description="Tasks of this stage that must be completed before this one can begin."
          size="xs"
          placeholder={readOnly || siblings.length === 0 ? undefined : 'Choose tasks'}
          data={[...siblings, ...unknown]}
          value={task.dependsOn}
          readOnly={readOnly}
          searchable
          onChange={(dependsOn) => edit({ type: 'changeTask', taskKey: task.key, change: { dependsOn } })}
          nothingFoundMessage={siblings.length === 0 ? 'This stage has no other tasks' : 'No task matches'}
          comboboxProps={{ withinPortal: true }}
          error={fieldError(issuesUnder(own, 'dependsOn'))}
        />
      </PanelSection>
      <PanelSection title="Assignment">
        <AssigneePicker task={task} issues={issuesUnder(own, 'defaultAssignees')} />
      </PanelSection>
      <TimerEditor
        owner={{ taskKey: task.key }}
        timer={task.timer}
        issues={own}
        defaultDays={entries.get(task.libraryEntryId)?.defaultDurationDays ?? null}
        description="A deadline for this task, counted on each permit."
      />
    </Stack>
  );
}
