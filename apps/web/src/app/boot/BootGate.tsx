import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/LoadingScreen';
import { UnsavedChangesGuard } from '../../components/unsaved-changes/UnsavedChangesGuard';
import { SessionErrorPanel } from '../../features/session/components/SessionErrorPanel';
import { useVersionPrompt } from '../../features/version/use-version-prompt';
import { BootContext } from './boot-context';
import { type BootOutcome, bootOnce } from './boot-sequence';
import { useAuthLifecycle } from './use-auth-lifecycle';

/** App-wide behaviour that runs once the app has started, whatever the page. */
function StartedApp() {
  useAuthLifecycle();
  // A development server rebuilds constantly; only deployed builds ask to refresh.
  useVersionPrompt(!import.meta.env.DEV);
  return (
    <>
      <UnsavedChangesGuard />
      <Outlet />
    </>
  );
}

/** The root of every route: the loading screen, then 'Login Error', or the routed page. */
export function BootGate() {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<BootOutcome | null>(null);
  useEffect(() => {
    let live = true;
    void bootOnce(queryClient).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [queryClient]);

  if (!outcome || outcome.kind === 'redirecting') return <LoadingScreen />;
  if (outcome.kind === 'failed')
    return <SessionErrorPanel message={outcome.message} withLogout={outcome.signedIn} />;
  return (
    <BootContext.Provider value={outcome}>
      <StartedApp />
    </BootContext.Provider>
  );
}
