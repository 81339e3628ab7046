import { ALL_PERMITS_VIEW_ID, type CustomView, type FavoriteFolder } from '@crossarm/shared';
import { Box, Menu, NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconFolder, IconFolderOpen, IconLayoutList, IconList, IconStarFilled } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { writeTrackerState } from '../../tracker/tracker-state';
import { AllViewsItems, useAllViews } from '../../views/components/AllViewsItems';
import { type FavoriteTree, type Level, levelItems } from '../../views/favorite-tree';
import { useFavorites } from '../../views/use-favorites';
import { trackerStateOfView } from '../../views/view-state';
import { fetchDefaultViews, viewKeys } from '../../views/views-api';
import type { NavItem } from '../navigation';
import {
  closedFoldersOf,
  folderHoldsView,
  NAV_CLOSED_FOLDERS_KEY,
  navigationListsView,
  openViewId,
  toggleFolder,
  viewLink,
} from '../permit-views-nav';
import { NavItemLink } from './NavItemLink';

interface PermitsNavItemProps {
  item: NavItem;
  collapsed: boolean;
}

const entryStyles = {
  root: { borderRadius: 6, paddingTop: 3, paddingBottom: 3, paddingLeft: 8 },
  label: { fontSize: 'var(--mantine-font-size-sm)' },
  section: { marginInlineEnd: 8 },
  children: { paddingInlineStart: 12 },
} as const;

/** The saved view as the tracker has it cached, when it does. */
function cachedView(queryClient: QueryClient, id: string): CustomView | undefined {
  const opened = queryClient.getQueryData<CustomView>(viewKeys.detail(id));
  if (opened) return opened;
  const fallback = queryClient.getQueryData<CustomView>(viewKeys.defaults());
  return fallback?.id === id ? fallback : undefined;
}

/**
 * "Permits" in the left navigation, with the views beneath it: All Permits, the person's favourites in their
 * folders and sub-folders (open or closed as the person left them), and every other view through a menu.
 * Collapsed to icons, only the Permits icon stays.
 */
export function PermitsNavItem({ item, collapsed }: PermitsNavItemProps) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const favorites = useFavorites(!collapsed);
  const onTracker = openViewId(pathname, search, ALL_PERMITS_VIEW_ID) !== null;
  const withoutViewParam = onTracker && !new URLSearchParams(search).get('view');
  // The same query as the tracker's: the view it opens when the address names none.
  const defaults = useQuery({
    queryKey: viewKeys.defaults(),
    queryFn: async ({ signal }): Promise<CustomView> => (await fetchDefaultViews(signal)).table,
    enabled: withoutViewParam && !collapsed,
  });
  const openId = openViewId(pathname, search, defaults.data?.id);
  const [storedClosed, setClosed] = useLocalStorage<string[]>({
    key: NAV_CLOSED_FOLDERS_KEY,
    defaultValue: [],
    // Read at once, so a closed folder does not open for a moment.
    getInitialValueInEffect: false,
  });
  const closed = closedFoldersOf(storedClosed);
  const tree = favorites.tree;
  // Permits is highlighted itself when the open view has no entry of its own beneath it.
  const permitsActive = onTracker && (collapsed || !navigationListsView(tree, openId));

  if (collapsed) return <NavItemLink item={item} collapsed active={permitsActive} />;

  /** Opening the view that is open puts its saved columns, filters and sorts back. */
  const linkTo = (id: string) => {
    const view = id === openId ? cachedView(queryClient, id) : undefined;
    if (!view) return viewLink(id);
    const params = writeTrackerState(new URLSearchParams({ view: id }), trackerStateOfView(view));
    return `${pathname}?${params}`;
  };

  const viewEntry = (id: string, name: string, icon: ReactNode) => (
    <NavLink
      key={`view:${id}`}
      component={Link}
      to={linkTo(id)}
      label={name}
      title={name}
      noWrap
      leftSection={icon}
      active={openId === id}
      aria-current={openId === id ? 'page' : undefined}
      styles={entryStyles}
    />
  );

  const folderEntry = (folder: FavoriteFolder, level: (at: Level) => ReactNode[]) => {
    const open = !closed.includes(folder.id);
    const empty = folder.views.length + folder.subFolders.length === 0;
    const FolderIcon = open ? IconFolderOpen : IconFolder;
    return (
      <Box key={`folder:${folder.id}`} role="group" aria-label={`Folder ${folder.name}`}>
        <NavLink
          component="button"
          type="button"
          label={folder.name}
          title={folder.name}
          noWrap
          leftSection={<FolderIcon size={14} stroke={1.6} color="var(--mantine-color-dimmed)" />}
          opened={open}
          onChange={() => setClosed((current) => toggleFolder(closedFoldersOf(current), folder.id))}
          aria-expanded={open}
          // A closed folder holding the open view stands in for it.
          active={!open && folderHoldsView(folder, openId)}
          variant="subtle"
          styles={entryStyles}
        >
          {empty ? (
            <Text size="xs" c="dimmed" py={2} pl={8}>
              Empty
            </Text>
          ) : (
            level(folder.id)
          )}
        </NavLink>
      </Box>
    );
  };

  const level = (favoriteTree: FavoriteTree) => {
    const walk = (at: Level): ReactNode[] =>
      levelItems(favoriteTree, at).map((entry) =>
        entry.kind === 'view'
          ? viewEntry(
              entry.view.id,
              entry.view.name || 'Untitled view',
              <IconStarFilled size={12} color="var(--mantine-color-yellow-6)" />,
            )
          : folderEntry(entry.folder, walk),
      );
    return walk(null);
  };

  return (
    <>
      <NavItemLink item={item} collapsed={false} active={permitsActive} />
      <Stack
        gap={1}
        ml={17}
        pl={6}
        role="group"
        aria-label="Permit views"
        style={{ borderInlineStart: '1px solid var(--mantine-color-default-border)' }}
      >
        {viewEntry(ALL_PERMITS_VIEW_ID, 'All', <IconList size={14} stroke={1.6} />)}
        {favorites.prefs.isPending ? (
          <Skeleton h={18} my={4} aria-label="Loading favourites" />
        ) : tree ? (
          level(tree)
        ) : null}
        <AllViewsMenu openId={openId} linkTo={linkTo} />
      </Stack>
    </>
  );
}

/** "All views…": every view the person sees, in a menu beside the navigation. */
function AllViewsMenu({ openId, linkTo }: { openId: string | null; linkTo: (id: string) => string }) {
  const [opened, setOpened] = useState(false);
  const list = useAllViews(opened);
  return (
    <Menu opened={opened} onChange={setOpened} position="right-start" width={300} withinPortal>
      <Menu.Target>
        {/* A link to the tracker (where the views menu is) that opens the list here. */}
        <NavLink
          component="a"
          href={viewLink(ALL_PERMITS_VIEW_ID)}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
          }}
          label="All views…"
          leftSection={<IconLayoutList size={14} stroke={1.6} color="var(--mantine-color-dimmed)" />}
          c="dimmed"
          styles={entryStyles}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>All views</Menu.Label>
        {/* The list is as wide as the menu: a long name or description is cut short, not run past its edge. */}
        <ScrollArea.Autosize mah={360} type="auto" scrollbars="y" styles={{ content: { minWidth: 0 } }}>
          <AllViewsItems list={list} currentId={openId} target={{ linkTo }} />
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
