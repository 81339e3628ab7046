import type { Application, Organization } from '@crossarm/shared';
import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { applicationLabels, applicationOrder } from '../../shell/applications';
import { organizationKeys, saveApplications } from '../api';

const DESCRIPTIONS: Record<Application, string> = {
  JointUse: 'Create and manage joint use permits.',
  Engineering: 'Create and manage engineering projects.',
  Vegetation: 'Identify vegetation hazards and track their resolution.',
  Resilience: 'Grid reliability, modelling and risk analysis.',
  Geospatial: 'View, manage and analyse 2D and 3D geospatial datasets.',
};

interface OrganizationApplicationsTabProps {
  organization: Organization;
  canManage: boolean;
}

const same = (a: readonly Application[], b: readonly Application[]) =>
  a.length === b.length && a.every((application) => b.includes(application));

/** Which applications the organization's users can open: a switch each, saved together. */
export function OrganizationApplicationsTab({ organization, canManage }: OrganizationApplicationsTabProps) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Application[]>(organization.applications);
  useEffect(() => setChosen(organization.applications), [organization.applications]);
  const dirty = !same(chosen, organization.applications);
  useDirtyFlag('organization-applications', dirty);

  const save = useMutation({
    mutationFn: () => saveApplications(organization.id, chosen),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      notifySuccess(
        'Applications saved',
        `${saved.name} now has ${saved.applications.length} of 5 applications.`,
      );
    },
  });

  const toggle = (application: Application, on: boolean) =>
    setChosen((current) => applicationOrder.filter((a) => (a === application ? on : current.includes(a))));

  return (
    <Stack gap="sm" maw={720}>
      <Paper withBorder radius="md">
        {applicationOrder.map((application, index) => (
          <Group
            key={application}
            justify="space-between"
            wrap="nowrap"
            px="md"
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <div>
              <Text size="sm" fw={500}>
                {applicationLabels[application]}
              </Text>
              <Text size="xs" c="dimmed">
                {DESCRIPTIONS[application]}
              </Text>
            </div>
            <Switch
              checked={chosen.includes(application)}
              onChange={(event) => toggle(application, event.currentTarget.checked)}
              disabled={!canManage || save.isPending}
              aria-label={applicationLabels[application]}
            />
          </Group>
        ))}
      </Paper>
      {canManage ? (
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={!dirty || save.isPending}
            onClick={() => setChosen(organization.applications)}
          >
            Discard
          </Button>
          <Button size="xs" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
            Save applications
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Only administrators who manage organizations can change applications.
        </Text>
      )}
    </Stack>
  );
}
