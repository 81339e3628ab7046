import type { GeodataKind } from '@crossarm/shared';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { importProblem, useGeodataImport } from './use-geodata-import';
import { WriteResultPanel } from './WriteResultPanel';

const ACCEPT = '.geojson,.json,.kml,.zip,.csv,application/geo+json,application/json,application/zip,text/csv';
const MAX_MEGABYTES = 50;

/** Imports poles or spans from a GeoJSON, KML, zipped shapefile or CSV file, showing upload progress. */
export function ImportSection({ projectId }: { projectId: string }) {
  const [kind, setKind] = useState<GeodataKind>('poles');
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const { upload, progress, sending } = useGeodataImport(projectId);
  const tooLarge = file !== null && file.size > MAX_MEGABYTES * 1024 * 1024;

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="import-title">
      <Title order={2} fz="sm" fw={600} id="import-title">
        Import from file
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        GeoJSON, KML or a zipped shapefile for poles or spans; CSV (lat and lon columns) for poles. Features
        are matched by their id, so importing again updates them.
      </Text>
      <Stack gap="sm">
        <SegmentedControl
          size="xs"
          aria-label="What the file holds"
          value={kind}
          onChange={(value) => setKind(value === 'spans' ? 'spans' : 'poles')}
          data={[
            { value: 'poles', label: 'Poles' },
            { value: 'spans', label: 'Spans' },
          ]}
          disabled={upload.isPending}
          w={200}
        />
        <FileInput
          label="File"
          placeholder="Choose a file"
          accept={ACCEPT}
          value={file}
          onChange={(next) => {
            setFile(next);
            upload.reset();
          }}
          clearable
          leftSection={<IconFileUpload size={16} />}
          error={tooLarge ? `At most ${MAX_MEGABYTES} MB` : undefined}
          disabled={upload.isPending}
        />
        <Checkbox
          size="sm"
          label={`Remove the ${kind} the file does not hold`}
          checked={replace}
          onChange={(event) => setReplace(event.currentTarget.checked)}
          disabled={upload.isPending}
        />
        {upload.isPending ? (
          <Stack gap={4}>
            <Progress value={Math.round(progress * 100)} animated={!sending} aria-label="Upload progress" />
            <Text size="xs" c="dimmed" role="status">
              {sending ? `Uploading… ${Math.round(progress * 100)}%` : `Reading the ${kind} in the file…`}
            </Text>
          </Stack>
        ) : null}
        {upload.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={16} />}
            title="Nothing was imported"
          >
            {importProblem(upload.error)}
          </Alert>
        ) : null}
        {upload.data ? (
          <WriteResultPanel
            title={upload.data.kind === 'poles' ? 'Poles imported' : 'Spans imported'}
            result={upload.data}
          />
        ) : null}
        <Group justify="flex-end">
          <Button
            size="xs"
            loading={upload.isPending}
            disabled={!file || tooLarge}
            onClick={() => file && upload.mutate({ kind, file, replace }, { onSuccess: () => setFile(null) })}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
