import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/LoadingScreen';
import { SessionGate } from '../../features/session/components/SessionGate';
import { useAuth } from '../../lib/auth/use-auth';

/** Every page but sign-in and the policies: signed out, go to sign-in and come back here afterwards. */
export function RequireSession() {
  const { user, signingOut } = useAuth();
  const location = useLocation();
  if (signingOut) return <LoadingScreen />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/sign-in" replace state={{ from }} />;
  }
  return (
    <SessionGate>
      <Outlet />
    </SessionGate>
  );
}
