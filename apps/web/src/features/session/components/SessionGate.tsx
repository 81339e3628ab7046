import { useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { sessionQueryOptions } from '../api';
import { SESSION_INIT_FAILED, sessionAccess } from '../session-access';
import { SessionContext } from '../session-context';
import { useSessionEvents } from '../use-session-events';
import { AccessUnauthorizedPanel } from './AccessUnauthorizedPanel';
import { NoOrganizationPanel } from './NoOrganizationPanel';
import { SessionErrorPanel } from './SessionErrorPanel';

/** Loads the user session and lets only an Active user with an organization through. */
export function SessionGate({ children }: { children: ReactNode }) {
  const query = useQuery(sessionQueryOptions);
  const { setColorScheme } = useMantineColorScheme();
  useSessionEvents();
  const darkMode = query.data?.user.darkMode;
  useEffect(() => {
    if (darkMode !== undefined) setColorScheme(darkMode ? 'dark' : 'light');
  }, [darkMode, setColorScheme]);

  const access = sessionAccess(query.data, query.error);
  if (access === 'unauthorized') return <AccessUnauthorizedPanel />;
  if (access === 'no-organization') return <NoOrganizationPanel />;
  if (access === 'granted' && query.data) {
    return <SessionContext.Provider value={query.data}>{children}</SessionContext.Provider>;
  }
  if (query.isPending) return <LoadingScreen />;
  return <SessionErrorPanel message={SESSION_INIT_FAILED} withLogout />;
}
