import type { HubEvent, ViewPrefs } from '@crossarm/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../components/notifications/notify';
import { hubClient } from '../../lib/hub/hub-client';
import { useSession } from '../session/use-session';
import { VIEW_PARAM } from './view-state';
import { viewKeys } from './views-api';

// Typed literals rather than the shared constants, which would bring the shared schemas into the bundle.
const VIEW_CHANGED: HubEvent = 'view-changed';
/** The notification event of a view newly shared with the caller (or the caller's organization). */
export const VIEW_SHARED = 'CustomViewShared';

const textOf = (payload: unknown, key: string): string | null => {
  if (typeof payload !== 'object' || payload === null || !(key in payload)) return null;
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * What the notice of a view shared with the caller says; null when there is nothing to say: the event names
 * no view, the caller shared it (an organization's notice reaches the sharer's organization too), or the
 * caller already had it (through another grant; `known` holds the views the caller is known to have).
 */
export function sharedViewMessage(
  payload: unknown,
  me: string,
  known: ReadonlySet<string> = new Set(),
): { viewId: string; message: string } | null {
  const viewId = textOf(payload, 'viewId');
  if (!viewId || known.has(viewId) || textOf(payload, 'sharedByUserId') === me) return null;
  const name = textOf(payload, 'name') ?? 'A view';
  const by = textOf(payload, 'sharedByName');
  return { viewId, message: by ? `${by} shared “${name}” with you.` : `“${name}” is now shared with you.` };
}

/**
 * The lists, favourites and defaults read again, and the view itself where a page shows it (one deleted or
 * no longer shared then says 'View Unavailable'); other views a page shows stay as they are.
 */
export const rereadView = (queryClient: QueryClient, viewId: string | null) =>
  queryClient.invalidateQueries({
    queryKey: viewKeys.all,
    predicate: ({ queryKey }) => queryKey[1] !== 'detail' || queryKey[2] === viewId,
  });

/**
 * Keeps saved views current while the app is open: a view someone else changes, deletes or stops sharing is
 * read again wherever it shows, and a view newly shared with the caller is announced, with a way to open it.
 */
export function useViewEvents(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useSession().user.id;
  useEffect(() => {
    const offChanged = hubClient.on(
      VIEW_CHANGED,
      (payload) => void rereadView(queryClient, textOf(payload, 'viewId')),
    );
    const offShared = hubClient.on(VIEW_SHARED, (payload) => {
      const known = new Set(
        (queryClient.getQueryData<ViewPrefs>(viewKeys.prefs())?.allViews ?? []).map((view) => view.id),
      );
      void rereadView(queryClient, textOf(payload, 'viewId'));
      const shared = sharedViewMessage(payload, me, known);
      if (!shared) return;
      notify({
        type: 'info',
        title: 'View shared with you',
        message: shared.message,
        actions: [
          {
            label: 'Open',
            onClick: () => {
              // Already open here: nothing to do.
              if (new URLSearchParams(window.location.search).get(VIEW_PARAM) === shared.viewId) return;
              void navigate(`/permitting/all?${VIEW_PARAM}=${encodeURIComponent(shared.viewId)}`);
            },
          },
        ],
      });
    });
    return () => {
      offChanged();
      offShared();
    };
  }, [queryClient, navigate, me]);
}
