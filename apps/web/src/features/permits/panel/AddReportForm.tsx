import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { permitKeys } from '../permit-keys';
import { fileProblem, PERMIT_FILE_ACCEPT, uploadFailureText } from './file-rules';
import { addReport, validateDesignLink } from './panel-api';
import { type DesignLinkInput, designLinkBody, designLinkProblems } from './report-form';

type Source = 'file' | 'design';

/** Whether the server accepts the design link typed so far, asked once typing pauses. */
function useDesignCheck(input: DesignLinkInput, enabled: boolean) {
  const [settled] = useDebouncedValue(designLinkBody(input), 500);
  return useQuery({
    queryKey: permitKeys.designLinkCheck(settled.designId, settled.designUrl ?? ''),
    queryFn: ({ signal }) => validateDesignLink(settled.designId, settled.designUrl, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

interface AddReportFormProps {
  permitId: string;
  onDone: () => void;
}

/** Adds a report: an uploaded file, or a design linked by its id (and address). */
export function AddReportForm({ permitId, onDone }: AddReportFormProps) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState<DesignLinkInput>({ designId: '', designUrl: '' });
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);

  const linkProblems = designLinkProblems(link);
  const linkReady = source === 'design' && Object.keys(linkProblems).length === 0;
  const check = useDesignCheck(link, linkReady);
  const fileIssue = file ? fileProblem(file) : null;

  const save = useMutation({
    mutationFn: () => {
      setProgress(0);
      const body = source === 'file' && file ? { file } : designLinkBody(link);
      return addReport(permitId, body, setProgress, 'silent');
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: permitKeys.reports(permitId) }),
        queryClient.invalidateQueries({ queryKey: permitKeys.activity(permitId) }),
      ]);
      onDone();
    },
    onError: (error) => setProblem(uploadFailureText(error)),
  });

  const submit = () => {
    setTouched(true);
    setProblem(null);
    if (source === 'file' ? !file || fileIssue : !linkReady) return;
    save.mutate();
  };

  const shownLinkProblems = touched ? linkProblems : {};
  const checkText =
    source !== 'design' || !linkReady || check.isPending ? null : check.data?.valid ? (
      <Text size="xs" c="green" role="status">
        <IconCircleCheck size={12} style={{ verticalAlign: 'middle' }} /> The design link is valid.
      </Text>
    ) : check.data ? (
      <Text size="xs" c="red" role="status">
        This link will not be accepted: {check.data.message ?? 'it is not valid'}.
      </Text>
    ) : null;

  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      component="form"
      aria-label="Add report"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Report source"
          value={source}
          onChange={(value) => {
            setSource(value === 'design' ? 'design' : 'file');
            setProblem(null);
          }}
          data={[
            { value: 'file', label: 'Upload a file' },
            { value: 'design', label: 'Link a design' },
          ]}
          disabled={save.isPending}
        />
        {source === 'file' ? (
          <FileInput
            size="xs"
            label="Report file"
            placeholder="Choose a file"
            accept={PERMIT_FILE_ACCEPT}
            value={file}
            onChange={(next) => {
              setFile(next);
              setProblem(null);
            }}
            clearable
            leftSection={<IconFileUpload size={14} />}
            error={fileIssue ?? (touched && !file ? 'Choose the report file' : undefined)}
            disabled={save.isPending}
          />
        ) : (
          <>
            <TextInput
              size="xs"
              label="Design id"
              placeholder="DES-1042"
              value={link.designId}
              onChange={(event) => setLink({ ...link, designId: event.currentTarget.value })}
              onBlur={() => setTouched(true)}
              error={shownLinkProblems.designId}
              disabled={save.isPending}
            />
            <TextInput
              size="xs"
              label="Design address"
              description="Optional: where the design can be opened. It must answer."
              placeholder="https://"
              value={link.designUrl}
              onChange={(event) => setLink({ ...link, designUrl: event.currentTarget.value })}
              onBlur={() => setTouched(true)}
              error={shownLinkProblems.designUrl}
              disabled={save.isPending}
            />
            {checkText}
          </>
        )}
        {save.isPending && source === 'file' ? (
          <Progress size="sm" value={Math.round(progress * 100)} aria-label="Report upload progress" />
        ) : null}
        {problem ? (
          <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} role="alert">
            <Text size="xs">The report was not added: {problem}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={save.isPending}>
            Add report
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
