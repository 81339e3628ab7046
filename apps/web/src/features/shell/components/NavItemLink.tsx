import { NavLink, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from '../navigation';

interface NavItemLinkProps {
  item: NavItem;
  collapsed: boolean;
  active: boolean;
}

/** One entry of the left navigation: its icon and label, or only the icon (named by a tooltip) when collapsed. */
export function NavItemLink({ item, collapsed, active }: NavItemLinkProps) {
  const Icon = item.icon;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      label={collapsed ? null : item.label}
      aria-label={collapsed ? item.label : undefined}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      style={{ borderRadius: 6 }}
    />
  );
  return collapsed ? (
    <Tooltip label={item.label} position="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
