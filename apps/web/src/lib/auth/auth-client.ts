import { type User, UserManager } from 'oidc-client-ts';
import { withTimeout } from '../with-timeout';
import { AuthError, toAuthError } from './auth-errors';
import { checkIdTokenClaims } from './id-token-claims';
import { buildUserManagerSettings, fetchOidcMetadata, type OidcConfig, redirectUris } from './oidc-settings';
import { clearSessionMarker, hasSessionMarker, setSessionMarker } from './session-marker';
import { installTokenRequestPolicy } from './token-request-policy';

const TOKEN_REQUEST_TIMEOUT_MS = 10_000;
const TOKEN_REQUEST_RETRIES = 3;
const TOKEN_LOCK_WAIT_MS = 5_000;
const POPUP_LOGIN_TIMEOUT_MS = 60_000;
const ID_TOKEN_LEEWAY_SECONDS = 60;
/** A token closer than this to expiry is renewed before use. */
const MIN_TOKEN_LIFETIME_SECONDS = 15;

export interface AuthSnapshot {
  user: User | null;
  /** On the way to the provider's sign-out: pages should wait instead of showing sign-in. */
  signingOut: boolean;
}

/** What starting the auth client found: a user or none, the page to return to, a failed callback. */
export interface AuthStartResult {
  user: User | null;
  returnTo: string | null;
  callbackError: AuthError | null;
}

function readReturnTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const target = state.returnTo;
  // Only same-site paths: a crafted state must not send the user to another site.
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : null;
}

function isSignInCallback(location: Location): boolean {
  const params = new URLSearchParams(location.search);
  return (
    location.pathname === '/sign-in' && params.has('state') && (params.has('code') || params.has('error'))
  );
}

/** The browser side of OpenID Connect: sign-in, silent session checks, tokens, sign-out. */
export class AuthClient {
  private manager: UserManager | null = null;
  private issuer = '';
  private clientId = '';
  private snapshot: AuthSnapshot = { user: null, signingOut: false };
  private readonly listeners = new Set<() => void>();
  private renewal: Promise<User> | null = null;
  private start: Promise<AuthStartResult> | null = null;

  /** Loads the provider's metadata and builds the user manager; must finish before anything else. */
  async configure(config: OidcConfig): Promise<void> {
    if (this.manager) return;
    const metadata = await fetchOidcMetadata(config.authority, TOKEN_REQUEST_TIMEOUT_MS);
    this.issuer = metadata.issuer ?? config.authority;
    this.clientId = config.clientId;
    const tokenEndpoint = metadata.token_endpoint;
    installTokenRequestPolicy({
      matches: (url) => url === tokenEndpoint,
      timeoutMs: TOKEN_REQUEST_TIMEOUT_MS,
      retries: TOKEN_REQUEST_RETRIES,
    });
    const manager = new UserManager(buildUserManagerSettings(config, metadata));
    manager.events.addUserLoaded((user) => this.setUser(user));
    manager.events.addUserUnloaded(() => this.setUser(null));
    manager.events.addSilentRenewError((error) => this.onRenewError(error));
    this.manager = manager;
    void manager.clearStaleState();
  }

  /** Completes a sign-in callback if the URL carries one, otherwise checks the session silently. Runs once. */
  startSession(): Promise<AuthStartResult> {
    this.start ??= this.runStart();
    return this.start;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AuthSnapshot => this.snapshot;

  isAuthenticated(): boolean {
    return this.snapshot.user !== null;
  }

  /** A valid access token, renewed when close to expiry. Throws an AuthError when none can be had. */
  async getAccessToken(): Promise<string> {
    const manager = this.requireManager();
    const user = await manager.getUser();
    if (!user) throw new AuthError('login_required');
    if ((user.expires_in ?? 0) > MIN_TOKEN_LIFETIME_SECONDS) return user.access_token;
    if (this.renewal) {
      // Another call is already renewing: wait for it, but not forever.
      const renewed = await withTimeout(this.renewal, TOKEN_LOCK_WAIT_MS, () => new AuthError('timeout'));
      return renewed.access_token;
    }
    this.renewal = this.renew().finally(() => {
      this.renewal = null;
    });
    return (await this.renewal).access_token;
  }

  /** For the API client: a token when signed in, null when not (public calls still work). */
  getAccessTokenIfSignedIn = async (): Promise<string | null> => {
    if (!this.manager || !this.snapshot.user) return null;
    return this.getAccessToken();
  };

  /** Starts the redirect to the hosted login; `returnTo` is kept in the OIDC state for the way back. */
  async login(returnTo: string = '/'): Promise<void> {
    await this.requireManager().signinRedirect({ state: { returnTo } });
  }

  /** Signs in through a popup window, giving up after 60 seconds. */
  async loginWithPopup(): Promise<User> {
    const attempt = this.requireManager().signinPopup();
    try {
      return await withTimeout(attempt, POPUP_LOGIN_TIMEOUT_MS, () => new AuthError('popup_timeout'));
    } catch (error) {
      throw toAuthError(error);
    }
  }

  /** Signs out at the provider, which sends the browser back to the app's origin. */
  async logout(): Promise<void> {
    clearSessionMarker();
    this.publish({ user: this.snapshot.user, signingOut: true });
    const manager = this.manager;
    if (!manager) {
      window.location.assign('/');
      return;
    }
    const user = await manager.getUser();
    try {
      await manager.signoutRedirect({
        id_token_hint: user?.id_token,
        post_logout_redirect_uri: redirectUris(window.location.origin).post_logout_redirect_uri,
      });
    } catch (error) {
      console.error('Sign-out at the provider failed; signing out locally.', error);
      await this.localLogout();
      window.location.assign('/');
    }
  }

  /** Forgets the user in this tab only (the guard then shows the sign-in page). */
  async localLogout(): Promise<void> {
    clearSessionMarker();
    if (this.manager) await this.manager.removeUser();
    this.setUser(null);
  }

  private async runStart(): Promise<AuthStartResult> {
    const manager = this.requireManager();
    if (isSignInCallback(window.location)) {
      try {
        const user = await manager.signinCallback(window.location.href);
        if (!user) return { user: null, returnTo: null, callbackError: null };
        this.verifyIdToken(user);
        setSessionMarker();
        return { user, returnTo: readReturnTo(user.state), callbackError: null };
      } catch (error) {
        await manager.removeUser();
        return { user: null, returnTo: null, callbackError: toAuthError(error) };
      }
    }
    if (!hasSessionMarker()) return { user: null, returnTo: null, callbackError: null };
    try {
      const user = await manager.signinSilent();
      if (user) this.verifyIdToken(user);
      return { user, returnTo: null, callbackError: null };
    } catch (error) {
      const authError = toAuthError(error);
      if (authError.code !== 'login_required') console.warn('Silent sign-in failed:', authError.message);
      await this.localLogout();
      return { user: null, returnTo: null, callbackError: null };
    }
  }

  private async renew(): Promise<User> {
    try {
      const user = await this.requireManager().signinSilent();
      if (!user) throw new AuthError('login_required');
      return user;
    } catch (error) {
      const authError = toAuthError(error);
      if (authError.code === 'login_required') await this.localLogout();
      throw authError;
    }
  }

  private verifyIdToken(user: User): void {
    const problem = checkIdTokenClaims(user.profile, {
      issuer: this.issuer,
      clientId: this.clientId,
      nowSeconds: Math.floor(Date.now() / 1000),
      leewaySeconds: ID_TOKEN_LEEWAY_SECONDS,
    });
    if (problem) throw new AuthError('invalid_id_token', problem);
  }

  private onRenewError(error: Error): void {
    const authError = toAuthError(error);
    console.warn('Token renewal failed:', authError.message);
    if (authError.code === 'login_required') void this.localLogout();
  }

  private setUser(user: User | null): void {
    if (user) setSessionMarker();
    if (this.snapshot.user === user) return;
    this.publish({ user, signingOut: this.snapshot.signingOut });
  }

  private publish(snapshot: AuthSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }

  private requireManager(): UserManager {
    if (!this.manager) throw new AuthError('unknown', 'Sign-in is not configured yet.');
    return this.manager;
  }
}

/** The one auth client of the app. */
export const authClient = new AuthClient();
