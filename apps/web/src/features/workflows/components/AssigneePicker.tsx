import { ProjectRole, type TemplateTask } from '@crossarm/shared';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchProjectUsers, workflowKeys } from '../api';
import { assigneeOf, assigneeValue, ROLE_ASSIGNEE_LABELS } from '../assignees';
import { type KnownUser, useDesigner } from '../designer-context';
import type { LocatedIssue } from '../template-issues';
import { fieldError } from './IssueMessages';

interface AssigneePickerProps {
  task: TemplateTask;
  issues: LocatedIssue[];
}

/** Who a task goes to when a permit reaches it: people of the project's organizations, or a whole role. */
export function AssigneePicker({ task, issues }: AssigneePickerProps) {
  const { projectId, edit, readOnly, users, rememberUsers } = useDesigner();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: workflowKeys.projectUsers(projectId, debounced),
    queryFn: ({ signal }) => fetchProjectUsers(projectId, debounced, signal),
    placeholderData: keepPreviousData,
    enabled: !readOnly,
    staleTime: 30_000,
  });
  useEffect(() => {
    if (found.data) rememberUsers(found.data);
  }, [found.data, rememberUsers]);

  const value = task.defaultAssignees.map(assigneeValue);
  const people = new Map<string, KnownUser>((found.data ?? []).map((user) => [user.id, user]));
  // The people already chosen stay listed whatever the search, so that their names show.
  for (const assignee of task.defaultAssignees) {
    const known = assignee.kind === 'User' ? users.get(assignee.userId) : undefined;
    if (known) people.set(known.id, known);
  }
  const data = [
    {
      group: 'Organization roles',
      items: ProjectRole.options.map((role) => ({
        value: assigneeValue({ kind: 'OrganizationRole', role }),
        label: ROLE_ASSIGNEE_LABELS[role],
      })),
    },
    {
      group: 'People',
      items: [...people.values()].map((user) => ({
        value: assigneeValue({ kind: 'User', userId: user.id }),
        label: user.organizationName ? `${user.name} (${user.organizationName})` : user.name,
      })),
    },
  ];
  const missing = value.filter((v) => !data.some((g) => g.items.some((item) => item.value === v)));
  if (missing.length > 0) {
    data[1]?.items.push(...missing.map((v) => ({ value: v, label: 'A person no longer on the project' })));
  }

  return (
    <MultiSelect
      label="Default assignees"
      size="xs"
      placeholder={readOnly ? undefined : 'Search people, or pick a role'}
      data={data}
      value={value}
      readOnly={readOnly}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server matched the people already; the roles stay offered.
      filter={({ options }) => options}
      onChange={(next) =>
        edit({
          type: 'changeTask',
          taskKey: task.key,
          change: { defaultAssignees: next.flatMap((v) => assigneeOf(v) ?? []) },
        })
      }
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'Nobody matches'}
      comboboxProps={{ withinPortal: true }}
      error={fieldError(issues)}
    />
  );
}
