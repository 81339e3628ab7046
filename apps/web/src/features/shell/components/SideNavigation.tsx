import { ActionIcon, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSession } from '../../session/use-session';
import { shellAreaOf } from '../applications';
import { type NavItem, navigationFor } from '../navigation';
import { NavItemLink } from './NavItemLink';
import { PermitsNavItem } from './PermitsNavItem';

interface SideNavigationProps {
  collapsed: boolean;
  onToggle: () => void;
}

function isActive(item: NavItem, pathname: string): boolean {
  return (
    pathname === item.to || (item.matchPrefix !== undefined && pathname.startsWith(`${item.matchPrefix}/`))
  );
}

/** The left navigation of the current application, collapsible to icons. */
export function SideNavigation({ collapsed, onToggle }: SideNavigationProps) {
  const session = useSession();
  const { pathname } = useLocation();
  const sections = navigationFor(shellAreaOf(pathname), session);
  return (
    <Stack h="100%" gap={0} justify="space-between">
      <ScrollArea type="never" style={{ flex: 1 }}>
        <Stack component="nav" aria-label="Main navigation" gap={2} p={6}>
          {sections.map((section) => (
            <Stack key={section.label ?? 'main'} gap={2} mb="xs">
              {section.label && !collapsed ? (
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="xs">
                  {section.label}
                </Text>
              ) : null}
              {section.items.map((item) =>
                item.beneath === 'permitViews' ? (
                  <PermitsNavItem key={item.to} item={item} collapsed={collapsed} />
                ) : (
                  <NavItemLink
                    key={item.to}
                    item={item}
                    collapsed={collapsed}
                    active={isActive(item, pathname)}
                  />
                ),
              )}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      <Stack p={6} align={collapsed ? 'center' : 'flex-end'}>
        <Tooltip label={collapsed ? 'Expand navigation' : 'Collapse navigation'} position="right">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={18} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={18} />
            )}
          </ActionIcon>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
