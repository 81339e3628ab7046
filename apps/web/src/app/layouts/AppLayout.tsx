import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { PageNotificationAlert } from '../../components/notifications/PageNotificationAlert';
import { TermsOfServiceGate } from '../../features/legal/components/TermsOfServiceGate';
import { AppHeader } from '../../features/shell/components/AppHeader';
import { KeyboardShortcuts } from '../../features/shell/components/KeyboardShortcuts';
import { SideNavigation } from '../../features/shell/components/SideNavigation';
import { useViewEvents } from '../../features/views/use-view-events';

const NAV_WIDTH = 232;
const NAV_COLLAPSED_WIDTH = 56;

/** The frame of every signed-in page: header, left navigation, and the page filling the rest. */
export function AppLayout() {
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'crossarm.nav-collapsed', defaultValue: false });
  useViewEvents();
  return (
    <AppShell
      header={{ height: 48 }}
      navbar={{ width: collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH, breakpoint: 0 }}
      padding="lg"
    >
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Navbar>
        <SideNavigation collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      </AppShell.Navbar>
      <AppShell.Main>
        <PageNotificationAlert />
        <Outlet />
      </AppShell.Main>
      <TermsOfServiceGate />
      <KeyboardShortcuts />
    </AppShell>
  );
}
