import type { CustomView } from '@crossarm/shared';
import { Box, Button, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronDown,
  IconDeviceFloppy,
  IconFolder,
  IconFolders,
  IconHome,
  IconShare,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/dialogs/confirm';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { type TrackerState, writeTrackerState } from '../../tracker/tracker-state';
import { folderChoices, folderOfView, moveView } from '../favorite-tree';
import { useFavorites } from '../use-favorites';
import { trackerStateOfView, VIEW_PARAM, viewInputOf } from '../view-state';
import {
  deleteView,
  overwriteView,
  setViewDefault,
  setViewFavorite,
  viewGoneOr,
  viewKeys,
} from '../views-api';
import { AllViewsItems, useAllViews } from './AllViewsItems';
import { FavoritesMenuItems } from './FavoritesMenuItems';
import { FavoritesPanel } from './FavoritesPanel';
import { SaveViewDialog } from './SaveViewDialog';
import { ShareViewDialog } from './ShareViewDialog';

interface ViewsMenuProps {
  /** The open view. */
  view: CustomView;
  /** The table as the URL has it now. */
  state: TrackerState;
  /** Whether the table differs from the view as saved. */
  dirty: boolean;
}

const linkTo = (id: string) => `/permitting/all?${new URLSearchParams({ [VIEW_PARAM]: id })}`;

/** The unsaved-changes dot and the menu of views: open one, save, favourite, make default, share, delete. */
export function ViewsMenu({ view, state, dirty }: ViewsMenuProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savingAs, setSavingAs] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [organizing, setOrganizing] = useState(false);
  const favorites = useFavorites(opened);
  const list = useAllViews(opened);
  const editable = view.canEdit && !view.isSystem;
  const manageable = view.canManage && !view.isSystem;

  // Opened, the menu reads the favourites and views again: one deleted or unshared since is gone from it.
  const openMenu = (next: boolean) => {
    setOpened(next);
    if (next) {
      void queryClient.invalidateQueries({
        queryKey: viewKeys.all,
        predicate: (query) => query.queryKey[1] === 'prefs' || query.queryKey[1] === 'manage',
      });
    }
  };
  const refresh = (saved?: CustomView) => {
    if (saved) queryClient.setQueryData(viewKeys.detail(saved.id), saved);
    return queryClient.invalidateQueries({ queryKey: viewKeys.all });
  };
  // A call on a view deleted or unshared since it was opened reads it again: the page says it is unavailable.
  const gone = viewGoneOr(queryClient);
  // A failed call has already said what went wrong (the API client's notification); nothing changed.
  const act = async (send: () => Promise<unknown>, done: string) => {
    try {
      await send();
    } catch {
      return;
    }
    await refresh();
    notifySuccess(done);
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await overwriteView(
        view.id,
        viewInputOf(state, { name: view.name, description: view.description }),
        viewGoneOr(queryClient, `${view.name} was not saved`),
      );
      await refresh(saved);
      notifySuccess('View saved', `${saved.name} now opens with these columns, filters and sorts.`);
    } catch {
      // The API client's notification said what went wrong; the view is as it was.
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    const sure = await confirm({
      title: 'Delete view',
      message: `Delete ${view.name}? It goes for everyone it is shared with, and from their favourites and defaults.`,
      confirmLabel: 'Delete view',
      confirmColor: 'red',
    });
    if (!sure) return;
    try {
      await deleteView(view.id, gone);
    } catch {
      return;
    }
    queryClient.removeQueries({ queryKey: viewKeys.detail(view.id) });
    await refresh();
    notifySuccess('View deleted', `${view.name} was deleted.`);
    navigate(linkTo('all'));
  };

  /** Opening the view that is open puts its saved state back. */
  const open = (id: string) => {
    if (id !== view.id) navigate(linkTo(id));
    else
      navigate(
        `/permitting/all?${writeTrackerState(new URLSearchParams({ [VIEW_PARAM]: id }), trackerStateOfView(view))}`,
      );
  };

  return (
    <Group gap={6} align="center" wrap="nowrap">
      {dirty ? (
        <Tooltip label="Unsaved changes: the table differs from the saved view">
          <Box
            role="img"
            aria-label="Unsaved changes"
            w={8}
            h={8}
            style={{ borderRadius: '50%', background: 'var(--mantine-color-yellow-6)' }}
          />
        </Tooltip>
      ) : null}
      <Menu opened={opened} onChange={openMenu} position="bottom-start" width={280} withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            rightSection={<IconChevronDown size={12} />}
            loading={saving}
            aria-label="Views"
          >
            Views
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Box mah={420} style={{ overflowY: 'auto' }}>
            {favorites.tree ? (
              <FavoritesMenuItems tree={favorites.tree} currentViewId={view.id} onOpen={open} />
            ) : null}
            <Menu.Label>All views</Menu.Label>
            <AllViewsItems list={list} currentId={view.id} target={{ onOpen: open }} />
          </Box>
          <Menu.Divider />
          {editable ? (
            <Menu.Item
              leftSection={<IconDeviceFloppy size={14} />}
              disabled={!dirty}
              onClick={() => void save()}
            >
              Save view
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={() => setSavingAs(true)}>
            Save as new view…
          </Menu.Item>
          <Menu.Item
            leftSection={<IconArrowBackUp size={14} />}
            disabled={!dirty}
            onClick={() => open(view.id)}
          >
            Discard changes
          </Menu.Item>
          <Menu.Item
            leftSection={view.isFavorite ? <IconStarFilled size={14} /> : <IconStar size={14} />}
            onClick={() =>
              void act(
                () => setViewFavorite(view.id, !view.isFavorite, gone),
                view.isFavorite ? 'Removed from favourites' : 'Added to favourites',
              )
            }
          >
            {view.isFavorite ? 'Unfavourite' : 'Favourite'}
          </Menu.Item>
          {view.isFavorite && favorites.tree && folderChoices(favorites.tree).length > 0 ? (
            <Menu.Sub position="left-start">
              <Menu.Sub.Target>
                <Menu.Sub.Item leftSection={<IconFolder size={14} />}>Move to folder</Menu.Sub.Item>
              </Menu.Sub.Target>
              <Menu.Sub.Dropdown>
                {folderOfView(favorites.tree, view.id) !== null ? (
                  <Menu.Item
                    onClick={() =>
                      void favorites
                        .change((tree) => moveView(tree, view.id, null))
                        .then((saved) => {
                          if (saved) notifySuccess('Moved out of folders', view.name);
                        })
                    }
                  >
                    Out of folders (top level)
                  </Menu.Item>
                ) : null}
                {folderChoices(favorites.tree)
                  .filter((choice) => choice.id !== folderOfView(favorites.tree!, view.id))
                  .map((choice) => (
                    <Menu.Item
                      key={choice.id}
                      leftSection={<IconFolder size={14} />}
                      onClick={() =>
                        void favorites
                          .change((tree) => moveView(tree, view.id, choice.id))
                          .then((saved) => {
                            if (saved) notifySuccess(`Moved to ${choice.path}`, view.name);
                          })
                      }
                    >
                      {choice.path}
                    </Menu.Item>
                  ))}
              </Menu.Sub.Dropdown>
            </Menu.Sub>
          ) : null}
          <Menu.Item leftSection={<IconFolders size={14} />} onClick={() => setOrganizing(true)}>
            Organise favourites…
          </Menu.Item>
          <Menu.Item
            leftSection={<IconHome size={14} />}
            disabled={view.isDefault && view.isSystem}
            onClick={() =>
              void act(
                () => setViewDefault(view.id, !view.isDefault, gone),
                view.isDefault
                  ? 'All Permits is your default view again'
                  : `${view.name} is your default view`,
              )
            }
          >
            {view.isDefault ? 'Stop using as default' : 'Set as default'}
          </Menu.Item>
          {manageable ? (
            <>
              <Menu.Item leftSection={<IconShare size={14} />} onClick={() => setSharing(true)}>
                Share…
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => void remove()}>
                Delete
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <SaveViewDialog
        opened={savingAs}
        onClose={() => setSavingAs(false)}
        state={state}
        initialName={view.isSystem ? '' : `${view.name} (copy)`}
        onSaved={(saved) => {
          setSavingAs(false);
          void refresh(saved);
          notifySuccess('View saved', `${saved.name} is saved; share it from the views menu.`);
          navigate(linkTo(saved.id));
        }}
      />
      <FavoritesPanel
        opened={organizing}
        onClose={() => setOrganizing(false)}
        currentViewId={view.id}
        onOpenView={open}
      />
      {manageable ? (
        <ShareViewDialog
          opened={sharing}
          onClose={() => setSharing(false)}
          view={view}
          onSaved={(saved) => {
            setSharing(false);
            void refresh(saved);
          }}
        />
      ) : null}
    </Group>
  );
}
