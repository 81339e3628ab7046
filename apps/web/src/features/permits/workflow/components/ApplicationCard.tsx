import type { PermitProperties } from '@crossarm/shared';
import { Badge, Button, Collapse, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconForms } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { notifySuccess } from '../../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../../components/unsaved-changes/use-dirty-flag';
import type { StoredFileRef } from '../../fields/field-values';
import { PropertyForm } from '../../fields/PropertyForm';
import { usePropertyForm } from '../../fields/use-property-form';
import { useValuesSave, type ValuesSender } from '../../fields/use-values-save';
import { savePermitProperties } from '../api';
import { usePermitProperties } from '../use-permit-data';

interface ApplicationCardProps {
  permitId: string;
  people: Array<{ value: string; label: string }>;
  onDownload: (file: StoredFileRef) => void;
  refresh: () => Promise<unknown>;
}

/** The permit's application form with its values: folded by default, editable where the API allows. */
export function ApplicationCard({ permitId, people, onDownload, refresh }: ApplicationCardProps) {
  const query = usePermitProperties(permitId);
  const [open, setOpen] = useState(false);
  const data = query.data;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, whiteSpace: 'nowrap' }}>
          <IconForms size={16} aria-hidden />
          <Text fw={600} size="sm" component="h2" m={0}>
            Application
          </Text>
          {data ? (
            <Badge style={{ flexShrink: 0 }} size="sm" variant="light" color="gray" radius="sm" tt="none">
              {data.properties.length} {data.properties.length === 1 ? 'property' : 'properties'}
            </Badge>
          ) : null}
          {data && !data.editable ? (
            <Badge style={{ flexShrink: 0 }} size="sm" variant="outline" color="gray" radius="sm" tt="none">
              Read only
            </Badge>
          ) : null}
        </Group>
        <Button
          size="xs"
          variant="subtle"
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          style={{ flexShrink: 0 }}
        >
          {open ? 'Hide application' : 'Show application'}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
          {query.isError ? (
            <Group gap="xs">
              <Text size="sm" c="red">
                The application form did not load.
              </Text>
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Group>
          ) : !data ? (
            <Stack gap={8} aria-busy="true" aria-label="Loading the application">
              <Skeleton height={30} />
              <Skeleton height={30} />
            </Stack>
          ) : data.properties.length === 0 ? (
            <Text size="sm" c="dimmed">
              This permit's workflow asks nothing on its application form.
            </Text>
          ) : (
            <ApplicationForm
              permitId={permitId}
              data={data}
              people={people}
              onDownload={onDownload}
              refresh={refresh}
            />
          )}
        </div>
      </Collapse>
    </Paper>
  );
}

function ApplicationForm({
  permitId,
  data,
  people,
  onDownload,
  refresh,
}: Omit<ApplicationCardProps, 'permitId'> & { permitId: string; data: PermitProperties }) {
  const form = usePropertyForm(data.properties);
  useDirtyFlag('permit-application', form.dirty);
  const send = useCallback<ValuesSender>(
    async (save, onError, onProgress) => {
      const saved = await savePermitProperties(permitId, save, onError, onProgress);
      void refresh();
      return saved.properties;
    },
    [permitId, refresh],
  );
  const values = useValuesSave(form, send, 'The application was not saved');
  return (
    <PropertyForm
      form={form}
      id="permit-application-form"
      readOnly={!data.editable}
      userOptions={people}
      onDownload={onDownload}
      onSubmit={() =>
        void values.save().then((ok) => ok && notifySuccess('Saved', 'The application was saved.'))
      }
      saving={values.saving}
      progress={values.progress}
    />
  );
}
