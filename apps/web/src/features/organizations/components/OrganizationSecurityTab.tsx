import type { Organization } from '@crossarm/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { fieldErrorsOf } from '../../../lib/forms/field-errors';
import { addDomain, fetchDomains, organizationKeys, removeDomain } from '../api';
import { DomainList } from './DomainList';

interface OrganizationSecurityTabProps {
  organization: Organization;
  canManage: boolean;
}

const DOMAIN_PATTERN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** Allowed e-mail domains: invitations into the organization must use one of them (when there are any). */
export function OrganizationSecurityTab({ organization, canManage }: OrganizationSecurityTabProps) {
  const queryClient = useQueryClient();
  const key = organizationKeys.domains(organization.id);
  const domains = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchDomains(organization.id, signal) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const add = useMutation({
    mutationFn: (domainName: string) =>
      addDomain(organization.id, domainName, notifyUnlessFieldError('domainName')),
    onSuccess: (next, domainName) => {
      queryClient.setQueryData(key, next);
      setText('');
      notifySuccess('Domain added', `${domainName} is now allowed.`);
    },
    onError: (failure) => setError(fieldErrorsOf(failure, 'domainName').domainName),
  });
  const remove = useMutation({
    mutationFn: (domainName: string) => removeDomain(organization.id, domainName),
    onSuccess: (next, domainName) => {
      queryClient.setQueryData(key, next);
      notifySuccess('Domain removed', `${domainName} was removed.`);
    },
  });

  const submit = () => {
    const domainName = text.trim().toLowerCase().replace(/^@/, '');
    if (!DOMAIN_PATTERN.test(domainName)) {
      setError('Invalid domain name, e.g. utility.example');
      return;
    }
    add.mutate(domainName);
  };
  const askRemove = async (domainName: string) => {
    const sure = await confirm({
      title: 'Remove domain',
      message: `Remove ${domainName} from the allowed domains of ${organization.name}? Existing users keep their accounts.`,
      confirmLabel: 'Remove',
      confirmColor: 'red',
    });
    if (sure) remove.mutate(domainName);
  };

  return (
    <Stack gap="sm" maw={720}>
      <div>
        <Title order={2} fz="md" fw={600}>
          Allowed e-mail domains
        </Title>
        <Text size="sm" c="dimmed">
          When the list has domains, users can only be invited with an address at one of them.
        </Text>
      </div>
      {canManage ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group gap="xs" align="flex-start">
            <TextInput
              size="xs"
              w={280}
              placeholder="utility.example"
              aria-label="Domain to allow"
              value={text}
              error={error}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(undefined);
              }}
            />
            <Button size="xs" type="submit" leftSection={<IconPlus size={14} />} loading={add.isPending}>
              Add domain
            </Button>
          </Group>
        </form>
      ) : null}
      <DomainList
        domains={domains.data}
        failed={domains.isError}
        onRemove={canManage ? (domainName) => void askRemove(domainName) : undefined}
        removing={remove.isPending ? remove.variables : null}
      />
    </Stack>
  );
}
