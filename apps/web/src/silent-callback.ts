// The page the identity provider redirects the hidden iframe to during a silent sign-in or renewal.
// It only hands the response URL to the app in the parent window, which completes the exchange.
import { UserManager } from 'oidc-client-ts';

const origin = window.location.origin;
new UserManager({ authority: origin, client_id: 'crossarm-web', redirect_uri: `${origin}/sign-in` })
  .signinSilentCallback()
  .catch((error: unknown) => console.error('Silent sign-in callback failed.', error));
