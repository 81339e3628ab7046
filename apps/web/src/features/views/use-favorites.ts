import type { ViewPrefs } from '@crossarm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type FavoriteTree, normalizeTree, prefsInputOf, treeOf } from './favorite-tree';
import { fetchViewPrefs, saveViewPrefs, viewKeys } from './views-api';

/**
 * The caller's favourites and folders, and `change` to save a new arrangement through `PUT views/prefs`.
 * The change shows at once; when the save fails (the API client says why) the saved arrangement comes back.
 */
export function useFavorites(enabled = true) {
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: viewKeys.prefs(),
    queryFn: ({ signal }) => fetchViewPrefs(signal),
    enabled,
  });

  const change = useCallback(
    async (next: (tree: FavoriteTree) => FavoriteTree): Promise<boolean> => {
      const current = queryClient.getQueryData<ViewPrefs>(viewKeys.prefs()) ?? (await fetchViewPrefs());
      const tree = normalizeTree(next(treeOf(current)));
      await queryClient.cancelQueries({ queryKey: viewKeys.prefs() });
      queryClient.setQueryData<ViewPrefs>(viewKeys.prefs(), { ...current, ...tree });
      try {
        const saved = await saveViewPrefs(prefsInputOf(current, tree));
        queryClient.setQueryData(viewKeys.prefs(), saved);
        return true;
      } catch {
        queryClient.setQueryData(viewKeys.prefs(), current);
        return false;
      } finally {
        // Favourite flags on the views follow the new arrangement.
        void queryClient.invalidateQueries({
          queryKey: viewKeys.all,
          predicate: (query) => query.queryKey[1] !== 'prefs',
        });
      }
    },
    [queryClient],
  );

  return { prefs, tree: prefs.data ? treeOf(prefs.data) : null, change };
}
