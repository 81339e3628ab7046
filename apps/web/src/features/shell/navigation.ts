import type { UserSession } from '@crossarm/shared';
import {
  IconAppsFilled,
  IconBuilding,
  IconChartBar,
  IconChecklist,
  IconDatabase,
  IconFileDescription,
  IconFolders,
  IconHome,
  IconId,
  IconLayoutDashboard,
  IconListDetails,
  IconMap2,
  IconMapPin,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { visibleAdminPages } from '../admin/admin-access';
import type { ShellArea } from './applications';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Also active on deeper paths (e.g. a project's page under Projects). */
  matchPrefix?: string;
  /** The entries shown beneath it: the saved views of the tracker under Permits. */
  beneath?: 'permitViews';
}

export interface NavSection {
  label?: string;
  items: NavItem[];
}

const jointUse: NavSection[] = [
  {
    items: [
      { label: 'Landing', to: '/landing', icon: IconHome },
      { label: 'Projects', to: '/projects', icon: IconFolders, matchPrefix: '/projects' },
      {
        label: 'Permits',
        to: '/permitting/all',
        icon: IconFileDescription,
        matchPrefix: '/permitting/all',
        beneath: 'permitViews',
      },
      { label: 'Dashboard', to: '/permitting/dashboard', icon: IconLayoutDashboard },
      { label: 'My Work', to: '/permitting/my-work', icon: IconChecklist },
      { label: 'Activity', to: '/activity', icon: IconListDetails },
      { label: 'Analytics', to: '/analytics', icon: IconChartBar },
    ],
  },
];

const geospatial: NavSection[] = [
  {
    items: [
      { label: 'My System', to: '/geospatial/my-system', icon: IconMapPin },
      { label: 'Datasets', to: '/geospatial/datasets', icon: IconDatabase },
      { label: 'Vista', to: '/geospatial/vista', icon: IconMap2 },
    ],
  },
];

const adminIcons: Record<string, NavItem['icon']> = {
  '/admin/system/organizations': IconBuilding,
  '/admin/system/users': IconUsersGroup,
  '/admin/system/apps': IconAppsFilled,
  '/admin/organization': IconId,
  '/admin/users': IconUsers,
  '/admin/apps': IconAppsFilled,
};

function administration(session: UserSession): NavSection[] {
  const pages = visibleAdminPages(session);
  const toItem = (page: (typeof pages)[number]): NavItem => ({
    label: page.label,
    to: page.path,
    icon: adminIcons[page.path] ?? IconBuilding,
    matchPrefix: page.path,
  });
  const sections: NavSection[] = [
    { label: 'System', items: pages.filter((p) => p.scope === 'system').map(toItem) },
    { label: 'Organization', items: pages.filter((p) => p.scope === 'organization').map(toItem) },
  ];
  return sections.filter((section) => section.items.length > 0);
}

/** The left navigation for the current part of the product. */
export function navigationFor(area: ShellArea, session: UserSession): NavSection[] {
  if (area === 'Administration') return administration(session);
  if (area === 'Geospatial') return geospatial;
  return jointUse;
}
