import type { ViewListItem } from '@crossarm/shared';
import { Box, Group, Loader, Menu, Text } from '@mantine/core';
import { IconCheck, IconLayoutDashboard, IconLayoutList, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DASHBOARD_PATH, isDashboardView, menuOrder } from '../view-state';
import { fetchManagedViews, viewKeys } from '../views-api';

/** Every view the person sees, loaded while a menu is open (system views first, then the default, by name). */
export function useAllViews(opened: boolean) {
  return useQuery({
    queryKey: viewKeys.manage(),
    queryFn: ({ signal }) => fetchManagedViews(signal),
    enabled: opened,
  });
}

interface AllViewsItemsProps {
  list: ReturnType<typeof useAllViews>;
  /** The view open now, ticked. */
  currentId: string | null;
  /** A link to each view, or what choosing it does. */
  target: { linkTo: (id: string) => string } | { onOpen: (id: string) => void };
}

/**
 * The "All views" part of a menu: a loader, the reason it failed, or the views with favourite stars. A
 * dashboard opens on the dashboard page.
 */
export function AllViewsItems({ list, currentId, target }: AllViewsItemsProps) {
  if (list.isPending) {
    return (
      <Group justify="center" py="xs">
        <Loader size="xs" />
      </Group>
    );
  }
  if (list.error) {
    return (
      <Text size="xs" c="red" px="sm" py={4}>
        The views did not load. Close the menu and open it again to retry.
      </Text>
    );
  }
  return menuOrder(list.data).map((view: ViewListItem) => {
    const dashboard = isDashboardView(view);
    const Icon = view.id === currentId ? IconCheck : dashboard ? IconLayoutDashboard : IconLayoutList;
    const item = {
      // A long name is cut short with an ellipsis rather than widening the menu.
      styles: { itemLabel: { minWidth: 0 } },
      leftSection: <Icon size={14} />,
      rightSection: view.isFavorite ? (
        <IconStarFilled size={12} color="var(--mantine-color-yellow-6)" aria-label="Favourite" />
      ) : null,
      children: <ViewItemLabel view={view} />,
    };
    if (dashboard) return <Menu.Item key={view.id} component={Link} to={DASHBOARD_PATH} {...item} />;
    return 'linkTo' in target ? (
      <Menu.Item key={view.id} component={Link} to={target.linkTo(view.id)} {...item} />
    ) : (
      <Menu.Item key={view.id} onClick={() => target.onOpen(view.id)} {...item} />
    );
  });
}

/**
 * A view's entry: its name (cut short with an ellipsis, the "· default" mark always shown beside it) and its
 * description under it as secondary text, cut to one line with the whole of it on hover.
 */
function ViewItemLabel({ view }: { view: ViewListItem }) {
  const description = view.description.trim();
  return (
    <Box miw={0}>
      <Group gap={4} wrap="nowrap" miw={0}>
        <Text size="sm" truncate="end" miw={0} title={view.name}>
          {view.name}
        </Text>
        {view.isDefault ? (
          <Text span size="xs" c="dimmed" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            · default
          </Text>
        ) : null}
      </Group>
      {description ? (
        <Text size="xs" c="dimmed" truncate="end" title={description}>
          {description}
        </Text>
      ) : null}
    </Box>
  );
}
