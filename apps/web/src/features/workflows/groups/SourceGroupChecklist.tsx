import { Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '../../../components/StatusBadge';
import { fetchProjectGroups, workflowKeys } from '../api';

interface SourceGroupChecklistProps {
  projectId: string;
  value: string[];
  onChange: (groupIds: string[]) => void;
  error?: string;
}

/** The templates of the chosen project, to tick the ones to copy. */
export function SourceGroupChecklist({ projectId, value, onChange, error }: SourceGroupChecklistProps) {
  const groups = useQuery({
    queryKey: workflowKeys.groups(projectId, false),
    queryFn: ({ signal }) => fetchProjectGroups(projectId, false, signal),
  });
  if (groups.isPending) return <Loader size="sm" aria-label="Loading templates" />;
  if (groups.isError) {
    return (
      <Text size="sm" c="red">
        The templates of this project could not be loaded. Try again in a moment.
      </Text>
    );
  }
  if (groups.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This project has no templates yet.
      </Text>
    );
  }
  return (
    <Checkbox.Group label="Templates" required value={value} onChange={onChange} error={error}>
      <Stack gap={6} mt={6}>
        {groups.data.map((group) => (
          <Checkbox
            key={group.id}
            value={group.id}
            label={
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{group.name}</Text>
                <StatusBadge status={group.status} size="xs" />
                <Text size="xs" c="dimmed">
                  {group.versions.length === 1 ? '1 version' : `${group.versions.length} versions`}
                </Text>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
