import { Button, Group, getDefaultZIndex, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { clearAllDirtyFlags } from './dirty-flags-store';
import { useHasUnsavedChanges } from './use-has-unsaved-changes';

/** While anything is unsaved, leaving the page (in the app or the browser) asks first. */
export function UnsavedChangesGuard() {
  const dirty = useHasUnsavedChanges();
  // Only a change of page is blocked: table state lives in the query string and may change freely.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title="Warning"
      centered
      size={440}
      closeOnClickOutside={false}
      withCloseButton={false}
      // Above a dialog that holds the unsaved input (a name being typed), which may be open when it asks.
      zIndex={getDefaultZIndex('modal') + 10}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Text size="sm">
        Are you sure you want to leave without saving? Any unsaved changes will be discarded.
      </Text>
      <Group justify="flex-end" gap="xs" mt="lg">
        <Button
          variant="default"
          onClick={() => {
            clearAllDirtyFlags();
            blocker.proceed?.();
          }}
        >
          Discard Changes
        </Button>
        <Button onClick={() => blocker.reset?.()} data-autofocus>
          Continue Editing
        </Button>
      </Group>
    </Modal>
  );
}
