import type { LayerValidation } from '@crossarm/shared';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { geometryLabel } from './agol-form';

const MAX_FIELDS_SHOWN = 40;

/** What checking a layer found: its geometry, feature count and fields, or why it cannot be used. */
export function LayerValidationResult({ validation }: { validation: LayerValidation }) {
  if (!validation.valid) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={16} />}
        title="The layer cannot be used"
      >
        {validation.message}
      </Alert>
    );
  }
  const fields = validation.fields.slice(0, MAX_FIELDS_SHOWN);
  const more = validation.fields.length - fields.length;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck size={16} />}
      title={`${validation.layerName ?? 'The layer'} is usable`}
    >
      <Text size="sm">{validation.message}</Text>
      <Text size="sm" mt={4}>
        Geometry: <b>{geometryLabel(validation.geometryType)}</b> · Features:{' '}
        <b>
          {validation.featureCount === null ? 'unknown' : validation.featureCount.toLocaleString('en-US')}
        </b>
      </Text>
      {fields.length ? (
        <Group gap={4} mt={6} aria-label="Fields">
          {fields.map((field) => (
            <Badge key={field.name} size="sm" variant="default" radius="sm" tt="none" title={field.type}>
              {field.alias && field.alias !== field.name ? `${field.name} (${field.alias})` : field.name}
            </Badge>
          ))}
          {more > 0 ? (
            <Text size="xs" c="dimmed">
              and {more} more
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Alert>
  );
}
