import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { GenericDialog } from '../../../components/dialogs/GenericDialog';
import { notify } from '../../../components/notifications/notify';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';

/**
 * Lets support staff (and the browser tests) exercise the app-wide pieces without a real form:
 * the unsaved-changes guard, the confirmation and generic dialogs, and the notifications.
 */
export function AppWideChecks() {
  const [dirty, setDirty] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [lastAnswer, setLastAnswer] = useState<string>('none yet');
  useDirtyFlag('authtest', dirty);

  const askConfirmation = async () => {
    const confirmed = await confirm({ message: 'Do you want to continue with this check?' });
    setLastAnswer(confirmed ? 'confirmed' : 'cancelled');
  };
  const showPageError = () =>
    notify({
      type: 'error',
      title: 'Check failed',
      message: 'This is a sample page-level error.',
      isPage: true,
      showHelpCenterLink: true,
    });

  return (
    <Paper withBorder radius="md" p="lg" mt="md">
      <Stack gap="md">
        <Title order={2} fz="h5">
          App-wide checks
        </Title>
        <Switch
          label="Simulate unsaved changes"
          checked={dirty}
          onChange={(event) => setDirty(event.currentTarget.checked)}
        />
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => void askConfirmation()}>
            Ask for confirmation
          </Button>
          <Button variant="default" size="xs" onClick={() => setDialogOpen(true)}>
            Open dialog
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              notify({ type: 'success', title: 'Saved', message: 'This is a sample notification.' })
            }
          >
            Show notification
          </Button>
          <Button variant="default" size="xs" onClick={showPageError}>
            Show page error
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Last confirmation answer: {lastAnswer}
        </Text>
      </Stack>
      <GenericDialog
        opened={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Sample dialog"
        footer={<Button onClick={() => setDialogOpen(false)}>Done</Button>}
      >
        <Text size="sm">Dialogs like this one close only with their buttons.</Text>
      </GenericDialog>
    </Paper>
  );
}
