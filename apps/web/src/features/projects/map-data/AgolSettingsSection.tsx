import type { AgolSettings } from '@crossarm/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { LayerValidationResult } from './LayerValidationResult';
import { SyncActions } from './SyncActions';
import { useAgolForm } from './use-agol-form';

interface AgolSettingsSectionProps {
  projectId: string;
  settings: AgolSettings | null;
  canManage: boolean;
}

/** The project's ArcGIS feature layers: checked with Validate, saved, then synced. */
export function AgolSettingsSection({ projectId, settings, canManage }: AgolSettingsSectionProps) {
  const { form, validation, check, save } = useAgolForm(projectId, settings, canManage);
  const readOnly = !canManage;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="agol-title">
      <Title order={2} fz="sm" fw={600} id="agol-title">
        ArcGIS layer
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        The pole owner's feature layer the project's poles (and spans) are synced from.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Layer URL"
            description="A FeatureServer address, a layer address or an ArcGIS item page"
            placeholder="https://services.arcgis.com/…/FeatureServer"
            readOnly={readOnly}
            {...form.field('url')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Layer name" readOnly={readOnly} {...form.field('layerName')} />
            <TextInput label="Layer id" inputMode="numeric" readOnly={readOnly} {...form.field('layerId')} />
            <TextInput
              label="Spans layer name"
              placeholder="Optional"
              readOnly={readOnly}
              {...form.field('spansLayerName')}
            />
            <TextInput
              label="Spans layer id"
              placeholder="Optional"
              inputMode="numeric"
              readOnly={readOnly}
              {...form.field('spansLayerId')}
            />
          </SimpleGrid>
          {validation ? <LayerValidationResult validation={validation} /> : null}
          {canManage ? (
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" loading={check.isPending} onClick={() => check.mutate()}>
                Validate
              </Button>
              <Button size="xs" type="submit" loading={save.isPending} disabled={!form.dirty}>
                Save
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
      {canManage && settings ? (
        <Stack gap="xs" mt="md">
          <Text size="sm" fw={500}>
            Sync from ArcGIS
          </Text>
          <SyncActions projectId={projectId} settings={settings} disabled={form.dirty} />
        </Stack>
      ) : null}
    </Paper>
  );
}
