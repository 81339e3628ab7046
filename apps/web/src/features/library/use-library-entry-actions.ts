import type { LibraryEntry } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { confirm } from '../../components/dialogs/confirm';
import { conflictHandler } from '../../components/notifications/notify-api-error';
import { notifySuccess } from '../../components/notifications/notify-success';
import { deleteLibraryEntry, libraryKeys, setLibraryEntryArchived } from './api';
import { kindText } from './library-kinds';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Archive, unarchive and delete, each after the app-wide confirmation; lists and counts refresh after. */
export function useLibraryEntryActions() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    [queryClient],
  );

  const setArchived = useCallback(
    async (entry: LibraryEntry, archived: boolean) => {
      const { singular } = kindText[entry.kind];
      const ok = await confirm({
        title: archived ? `Archive ${singular}` : `Unarchive ${singular}`,
        message: archived
          ? `Archive '${entry.name}'? It stays where it is used but is no longer offered for new workflow templates.`
          : `Unarchive '${entry.name}'? It will be offered for new workflow templates again.`,
        confirmLabel: archived ? 'Archive' : 'Unarchive',
      });
      if (!ok) return;
      try {
        const verb = archived ? 'archived' : 'unarchived';
        await setLibraryEntryArchived(
          entry.kind,
          entry.id,
          archived,
          conflictHandler(`'${entry.name}' was not ${verb}`),
        );
        notifySuccess(`${capitalized(singular)} ${verb}`, `'${entry.name}' was ${verb}.`);
      } catch {
        // The API client has already shown what went wrong.
      }
      await refresh();
    },
    [refresh],
  );

  const remove = useCallback(
    async (entry: LibraryEntry) => {
      const { singular } = kindText[entry.kind];
      const ok = await confirm({
        title: `Delete ${singular}`,
        message: `Delete '${entry.name}' for good? This cannot be undone. Archive it instead to keep it where it is already used.`,
        confirmLabel: 'Delete',
        confirmColor: 'red',
      });
      if (!ok) return;
      try {
        await deleteLibraryEntry(entry.kind, entry.id, conflictHandler(`'${entry.name}' was not deleted`));
        notifySuccess(`${capitalized(singular)} deleted`, `'${entry.name}' was deleted.`);
      } catch {
        // The API client has already shown what went wrong.
      }
      await refresh();
    },
    [refresh],
  );

  return { setArchived, remove };
}
