import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useBoot } from '../app/boot/use-boot';
import { notify } from '../components/notifications/notify';
import { SignInScreen } from '../features/sign-in/components/SignInScreen';
import { authClient } from '../lib/auth/auth-client';
import { toAuthError } from '../lib/auth/auth-errors';
import { useAuth } from '../lib/auth/use-auth';

function readFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return typeof state.from === 'string' && state.from.startsWith('/') ? state.from : null;
}

/** /sign-in: the sign-in screen, and the landing point of the hosted login's redirect. */
export function SignInPage() {
  const { user } = useAuth();
  const { auth } = useBoot();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState(false);
  // The hosted login returns here with code and state; boot has already completed that exchange.
  const isCallback = new URLSearchParams(location.search).has('state');
  const callbackError = isCallback && !user ? auth.callbackError : null;

  useEffect(() => {
    if (!callbackError) return;
    notify({ type: 'error', title: 'Sign-in failed', message: callbackError.message });
    navigate('/', { replace: true });
  }, [callbackError, navigate]);

  if (user) return <Navigate to={isCallback ? (auth.returnTo ?? '/') : '/landing'} replace />;

  const signIn = () => {
    setSigningIn(true);
    authClient.login(readFrom(location.state) ?? '/').catch((error: unknown) => {
      setSigningIn(false);
      notify({ type: 'error', title: 'Sign-in failed', message: toAuthError(error).message });
    });
  };
  return <SignInScreen onSignIn={signIn} signingIn={signingIn} />;
}
