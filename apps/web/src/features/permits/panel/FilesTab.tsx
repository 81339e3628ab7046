import {
  formatDate,
  formatSize,
  type PermitFile,
  type PermitFileSortColumn,
  PermitFileType,
} from '@crossarm/shared';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  MultiSelect,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFiles, IconFileZip, IconTrash, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BulkActionBar } from '../../../components/data-table/BulkActionBar';
import type { SortDir } from '../../../components/data-table/data-table-types';
import { SortableHeaderCell } from '../../../components/data-table/SortableHeaderCell';
import { useRowSelection } from '../../../components/data-table/use-row-selection';
import { confirm } from '../../../components/dialogs/confirm';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { permitKeys } from '../permit-keys';
import { PERMIT_FILE_ACCEPT, PERMIT_FILE_KINDS_TEXT } from './file-rules';
import { PanelError } from './PanelError';
import { PanelListSkeleton } from './PanelListSkeleton';
import {
  deletePermitFile,
  downloadFilesZip,
  downloadPermitFile,
  fetchPermitFiles,
  ignoreReported,
} from './panel-api';
import { UploadList } from './UploadList';
import type { FileUpload } from './use-file-uploads';
import { usePanelAbilities } from './use-panel-abilities';

const TYPE_OPTIONS = PermitFileType.options.map((type) => ({ value: type, label: type }));

interface FilesTabProps {
  permitId: string;
  uploads: FileUpload[];
  onUpload: (files: File[]) => void;
  onDismissUpload: (key: string) => void;
}

function UploadButton({
  onUpload,
  variant,
}: {
  onUpload: (files: File[]) => void;
  variant: 'filled' | 'light';
}) {
  return (
    <FileButton
      multiple
      accept={PERMIT_FILE_ACCEPT}
      onChange={onUpload}
      inputProps={{ 'aria-label': 'Upload files' }}
    >
      {(props) => (
        <Button {...props} size="xs" variant={variant} leftSection={<IconUpload size={14} />}>
          Upload files
        </Button>
      )}
    </FileButton>
  );
}

/** The permit's files: a compact table to sort, filter, download, delete and zip, and uploads with progress. */
export function FilesTab({ permitId, uploads, onUpload, onDismissUpload }: FilesTabProps) {
  const queryClient = useQueryClient();
  const abilities = usePanelAbilities(permitId);
  const [types, setTypes] = useState<PermitFileType[]>([]);
  const [sort, setSort] = useState<{ column: PermitFileSortColumn; dir: SortDir }>({
    column: 'uploadedAt',
    dir: 'desc',
  });
  const query = { FileTypes: types, sortColumn: sort.column, sortAsc: sort.dir === 'asc' };
  const files = useQuery({
    queryKey: permitKeys.fileList(permitId, query),
    queryFn: ({ signal }) => fetchPermitFiles(permitId, query, signal),
    placeholderData: keepPreviousData,
  });
  const selection = useRowSelection(types.join(','));
  const [zipping, setZipping] = useState(false);

  const remove = useMutation({
    mutationFn: (file: PermitFile) => deletePermitFile(permitId, file.id),
    onSuccess: async (_, file) => {
      selection.setSelected((current) => current.filter((id) => id !== file.id));
      notifySuccess('File deleted', file.name);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: permitKeys.files(permitId) }),
        queryClient.invalidateQueries({ queryKey: permitKeys.activity(permitId) }),
      ]);
    },
  });

  const askDelete = async (file: PermitFile) => {
    const confirmed = await confirm({
      title: 'Delete file',
      message: `Delete ${file.name}? It leaves the permit's files for everyone; the activity log keeps a record.`,
      confirmLabel: 'Delete',
      confirmColor: 'red',
    });
    if (confirmed) remove.mutate(file);
  };

  const zip = () => {
    setZipping(true);
    void ignoreReported(downloadFilesZip(permitId, { ...query, fileIds: selection.selected })).finally(() =>
      setZipping(false),
    );
  };

  const download = (file: PermitFile) => ignoreReported(downloadPermitFile(permitId, file.id, file.name));

  const onSort = (column: string, dir: SortDir) => setSort({ column: column as PermitFileSortColumn, dir });
  const header = (label: string, column: PermitFileSortColumn, align?: 'right') => (
    <SortableHeaderCell
      label={label}
      sortKey={column}
      sortBy={sort.column}
      sortDir={sort.dir}
      onSort={onSort}
      align={align}
    />
  );

  const list = files.data ?? [];
  const allSelected = list.length > 0 && list.every((file) => selection.selected.includes(file.id));
  const someSelected = selection.selected.length > 0 && !allSelected;

  const isEmpty = files.isSuccess && list.length === 0 && types.length === 0;
  let body: ReactNode;
  if (files.isPending) body = <PanelListSkeleton rows={4} />;
  else if (files.isError) body = <PanelError what="The files" onRetry={() => void files.refetch()} />;
  else if (isEmpty) {
    body = <EmptyFiles canUpload={abilities.editFiles} onUpload={onUpload} />;
  } else if (list.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="md">
        No files of the chosen types.{' '}
        <Anchor component="button" size="sm" onClick={() => setTypes([])}>
          Show all files
        </Anchor>
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} horizontalSpacing="xs" fz="xs" highlightOnHover stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={28} px="xs">
                <Checkbox
                  size="xs"
                  aria-label="Select all files"
                  checked={allSelected}
                  indeterminate={someSelected}
                  onChange={() => selection.setSelected(allSelected ? [] : list.map((file) => file.id))}
                />
              </Table.Th>
              {header('Name', 'name')}
              {header('Type', 'type')}
              {header('Size', 'size', 'right')}
              {header('Uploaded by', 'uploadedBy')}
              {header('Date', 'uploadedAt')}
              <Table.Th w={56}>
                <span className="mantine-visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((file) => {
              const checked = selection.selected.includes(file.id);
              return (
                <Table.Tr
                  key={file.id}
                  h={32}
                  bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Table.Td px="xs">
                    <Checkbox
                      size="xs"
                      aria-label={`Select ${file.name}`}
                      checked={checked}
                      onChange={() =>
                        selection.setSelected((current) =>
                          checked ? current.filter((id) => id !== file.id) : [...current, file.id],
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td maw={200}>
                    <Anchor component="button" size="xs" onClick={() => void download(file)} maw="100%">
                      <Text span size="xs" truncate display="block">
                        {file.name}
                      </Text>
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{file.type}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatSize(file.size)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" truncate maw={140}>
                      {file.uploadedBy?.name ?? 'Former user'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(file.uploadedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      <Tooltip label="Download">
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="gray"
                          aria-label={`Download ${file.name}`}
                          onClick={() => void download(file)}
                        >
                          <IconDownload size={14} />
                        </ActionIcon>
                      </Tooltip>
                      {file.canDelete ? (
                        <Tooltip label="Delete">
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${file.name}`}
                            loading={remove.isPending && remove.variables?.id === file.id}
                            onClick={() => void askDelete(file)}
                          >
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <MultiSelect
          size="xs"
          aria-label="File types"
          placeholder={types.length === 0 ? 'All types' : undefined}
          data={TYPE_OPTIONS}
          value={types}
          onChange={(value) => setTypes(value as PermitFileType[])}
          clearable
          maw={260}
          flex={1}
        />
        {/* The empty state offers the upload itself: one "Upload files" at a time. */}
        {abilities.editFiles && !isEmpty ? <UploadButton onUpload={onUpload} variant="filled" /> : null}
      </Group>
      <UploadList uploads={uploads} onDismiss={onDismissUpload} />
      <BulkActionBar count={selection.selected.length} noun="files" onClear={selection.clear}>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconFileZip size={14} />}
          loading={zipping}
          onClick={zip}
        >
          Download as zip
        </Button>
      </BulkActionBar>
      {body}
    </Stack>
  );
}

function EmptyFiles({ canUpload, onUpload }: { canUpload: boolean; onUpload: (files: File[]) => void }) {
  return (
    <EmptyStatePanel
      icon={IconFiles}
      title="No files yet"
      description={`Plans, photos, drawings and documents for this permit are kept here for both sides. Accepted: ${PERMIT_FILE_KINDS_TEXT}, up to 100 MB each.`}
      action={canUpload ? <UploadButton onUpload={onUpload} variant="light" /> : undefined}
    />
  );
}
