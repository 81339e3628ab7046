import type { BoundingBox } from '@crossarm/shared';
import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileUpload, IconList, IconMap2, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PickedPoleList } from '../map/PickedPoleList';
import { PolePickerMap } from '../map/PolePickerMap';
import { addPoles, emptySelection, type PickedPole, removePole, togglePole } from '../map/pole-selection';
import { matchPoles, parsePoleList } from './pole-list-file';

interface PolesSectionProps {
  projectId: string;
  bbox: BoundingBox | null;
  /** The project's poles by id; undefined while loading. */
  known: ReadonlyMap<string, PickedPole> | undefined;
  /** True when the project has more poles than one answer holds (the list and the check are partial). */
  partial: boolean;
  poleIds: string[];
  onChange: (poleIds: string[]) => void;
  error?: string | null;
}

/** Most rows the searchable list shows at once. */
const LIST_LIMIT = 200;

type UploadReport =
  | { added: number; unknown: string[]; fileName: string }
  | { error: string; fileName: string };

/** The poles applied for: picked on the map, from a searchable list, or from an uploaded list of ids. */
export function PolesSection({
  projectId,
  bbox,
  known,
  partial,
  poleIds,
  onChange,
  error,
}: PolesSectionProps) {
  const [search, setSearch] = useState('');
  const [report, setReport] = useState<UploadReport | null>(null);
  // Poles learnt from clicks, for a project with more poles than the list of its poles holds.
  const [clicked, setClicked] = useState<ReadonlyMap<string, PickedPole>>(new Map());
  const resolve = (id: string) => known?.get(id) ?? clicked.get(id);
  const onMap = poleIds.flatMap((id) => {
    const pole = resolve(id);
    return pole ? [pole] : [];
  });
  const current = { ...emptySelection(), current: onMap };
  const unresolved = poleIds.filter((id) => !resolve(id));
  const notOnMap = known && !partial ? unresolved : [];
  const picked = new Set(poleIds);

  /** The ids of a changed selection, keeping the ids the map cannot place yet. */
  const ids = (next: { current: PickedPole[] }) => [
    ...next.current.map((pole) => pole.externalId),
    ...unresolved,
  ];
  const toggle = (pole: PickedPole) => {
    if (!known?.has(pole.externalId)) setClicked((map) => new Map(map).set(pole.externalId, pole));
    onChange(ids(togglePole(current, pole)));
  };
  const remove = (id: string) => onChange(poleIds.filter((poleId) => poleId !== id));

  const matches = useMemo(() => {
    const text = search.trim().toLowerCase();
    const all = [...(known?.values() ?? [])];
    return text ? all.filter((pole) => pole.externalId.toLowerCase().includes(text)) : all;
  }, [known, search]);

  const upload = async (file: File | null) => {
    if (!file) return;
    const parsed = parsePoleList(await file.text());
    if (!parsed.ok) {
      setReport({ error: parsed.message, fileName: file.name });
      return;
    }
    const { found, unknown } = matchPoles(parsed.ids, known ?? new Map());
    const before = poleIds.length;
    const next = ids(addPoles(current, found));
    onChange(next);
    setReport({ added: next.length - before, unknown, fileName: file.name });
  };

  return (
    <Stack gap="xs">
      {error ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          {error}
        </Alert>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs defaultValue="map" keepMounted={false}>
            <Tabs.List mb="xs">
              <Tabs.Tab value="map" leftSection={<IconMap2 size={14} />}>
                Map
              </Tabs.Tab>
              <Tabs.Tab value="list" leftSection={<IconList size={14} />}>
                Search poles
              </Tabs.Tab>
              <Tabs.Tab value="upload" leftSection={<IconFileUpload size={14} />}>
                Upload pole list
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="map">
              <Text size="xs" c="dimmed" mb={6}>
                Click a grey pole to add it, a green one to take it off. Zoom in where poles are grouped.
              </Text>
              <PolePickerMap
                projectId={projectId}
                bbox={bbox}
                selection={current}
                onToggle={toggle}
                label="Pole picker map"
                height={420}
                applying
              />
            </Tabs.Panel>
            <Tabs.Panel value="list">
              <TextInput
                label="Find a pole"
                placeholder="Pole id"
                leftSection={<IconSearch size={14} />}
                size="xs"
                maw={320}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              <Text size="xs" c="dimmed" mt={4}>
                {known === undefined
                  ? 'Loading the project’s poles…'
                  : `${matches.length.toLocaleString('en-US')} ${matches.length === 1 ? 'pole' : 'poles'}${
                      matches.length > LIST_LIMIT ? `; the first ${LIST_LIMIT} shown, search to narrow` : ''
                    }${partial ? ' (the project has more poles than the list holds: use the map or a pole list)' : ''}`}
              </Text>
              <ScrollArea.Autosize mah={360} type="auto" mt={4}>
                <Table verticalSpacing={2} horizontalSpacing="sm" fz="sm" aria-label="Project poles">
                  <Table.Tbody>
                    {matches.slice(0, LIST_LIMIT).map((pole) => (
                      <Table.Tr key={pole.externalId} h={32}>
                        <Table.Td w={36}>
                          <Checkbox
                            size="xs"
                            aria-label={`Pole ${pole.externalId}`}
                            checked={picked.has(pole.externalId)}
                            onChange={() => toggle(pole)}
                          />
                        </Table.Td>
                        <Table.Td>{pole.externalId}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </Tabs.Panel>
            <Tabs.Panel value="upload">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  A text file with one pole id a line, or a CSV file with a column named id, pole_id or
                  poleId. The poles found are added after those already picked.
                </Text>
                <FileButton accept=".csv,.txt,text/csv,text/plain" onChange={(file) => void upload(file)}>
                  {(props) => (
                    <Button
                      {...props}
                      size="xs"
                      variant="default"
                      leftSection={<IconFileUpload size={14} />}
                      disabled={!known}
                    >
                      Upload pole list
                    </Button>
                  )}
                </FileButton>
                {report && 'error' in report ? (
                  <Alert
                    color="red"
                    variant="light"
                    p="xs"
                    role="alert"
                    title={`${report.fileName} could not be read`}
                  >
                    {report.error}
                  </Alert>
                ) : null}
                {report && 'added' in report ? (
                  <Alert
                    color={report.unknown.length > 0 ? 'yellow' : 'green'}
                    variant="light"
                    p="xs"
                    role="status"
                    title={`${report.fileName}: ${report.added} ${report.added === 1 ? 'pole' : 'poles'} added`}
                  >
                    {report.unknown.length > 0
                      ? `Not on the project map, so left out: ${report.unknown.slice(0, 30).join(', ')}${
                          report.unknown.length > 30 ? ` and ${report.unknown.length - 30} more` : ''
                        }.`
                      : 'Every pole of the list is on the project map.'}
                  </Alert>
                ) : null}
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" mb={4}>
              <Title order={3} fz="sm">
                Picked poles
              </Title>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {poleIds.length.toLocaleString('en-US')}
                </Text>
                {poleIds.length > 0 ? (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange([])}>
                    Clear
                  </Button>
                ) : null}
              </Group>
            </Group>
            {notOnMap.length > 0 ? (
              <Alert color="yellow" variant="light" p="xs" mb="xs" title="No longer on the project map">
                <Group gap={4}>
                  {notOnMap.map((id) => (
                    <Button
                      key={id}
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => remove(id)}
                    >
                      Remove {id}
                    </Button>
                  ))}
                </Group>
              </Alert>
            ) : null}
            <PickedPoleList
              selection={current}
              label="Picked poles"
              maxHeight={420}
              showState={false}
              onRemove={(id) => onChange(ids(removePole(current, id)))}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
