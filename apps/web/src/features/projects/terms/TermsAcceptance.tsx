import { formatDate, type Project, type ProjectTerms, type ProjectTermsState } from '@crossarm/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../../components/dialogs/confirm';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useSession } from '../../session/use-session';
import { acceptTerms, setupKeys } from '../setup-api';

interface TermsAcceptanceProps {
  project: Project;
  state: ProjectTermsState & { terms: ProjectTerms };
}

/** The caller organization's acceptance of the current terms, with Accept for an attacher that has not. */
export function TermsAcceptance({ project, state }: TermsAcceptanceProps) {
  const queryClient = useQueryClient();
  const organizationName = useSession().organization?.name ?? 'your organization';
  const { terms, acceptance } = state;
  const accept = useMutation({
    mutationFn: () => acceptTerms(project.id, terms.id, conflictHandler('The terms were not accepted')),
    onSuccess: (next) => {
      queryClient.setQueryData(setupKeys.terms(project.id), next);
      void queryClient.invalidateQueries({ queryKey: setupKeys.check(project.id) });
      notifySuccess('Terms accepted', `${organizationName} accepted version ${terms.version}.`);
    },
    // A newer version was published meanwhile: show it, so the next accept is of what is on screen.
    onError: () => void queryClient.invalidateQueries({ queryKey: setupKeys.terms(project.id) }),
  });

  if (project.myRole === 'PoleOwner') {
    return (
      <Text size="sm" c="dimmed">
        Attachers accept these terms before they create permits. Publishing a new version asks every attacher
        to accept again.
      </Text>
    );
  }
  if (acceptance) {
    const by = acceptance.acceptedBy ? ` by ${acceptance.acceptedBy}` : '';
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={16} />} title="Accepted">
        {organizationName} accepted version {terms.version} on {formatDate(acceptance.acceptedAt)}
        {by}.
      </Alert>
    );
  }
  const canAccept = project.myPermissions.includes('CreatePermits');
  const onAccept = async () => {
    const sure = await confirm({
      title: 'Accept the terms',
      message: `Accept version ${terms.version} of the terms of ${project.name} for ${organizationName}? They apply to every permit it creates on the project.`,
      confirmLabel: 'Accept',
    });
    if (sure) accept.mutate();
  };
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} title="Not accepted yet">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {organizationName} cannot create permits on this project until it accepts these terms.
          {canAccept ? '' : ' Someone who may create permits here accepts them for the organization.'}
        </Text>
        {canAccept ? (
          <Button size="xs" loading={accept.isPending} onClick={() => void onAccept()}>
            Accept terms
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
