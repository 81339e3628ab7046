import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Keeps cookies between `app.inject` calls, as a browser would for one origin. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface SignInResult {
  status: number;
  body: string;
  /** The browser's cookies at the provider after the flow (its session). */
  jar: CookieJar;
  tokens?: {
    access_token: string;
    id_token: string;
    refresh_token?: string;
    token_type: string;
    expires_in: number;
  };
}

/**
 * Walks the authorization code flow with PKCE against the embedded provider, as the web app does:
 * authorize, our sign-in page, the form post, the redirect back with a code, and the token exchange.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  options: { origin: string; clientId: string; audience: string; email: string; password: string },
): Promise<SignInResult> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${options.origin}/sign-in`;
  const query = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
    resource: options.audience,
  });
  const follow = async (url: string) => {
    const path = url.startsWith(options.origin) ? url.slice(options.origin.length) : url;
    const res = await app.inject({ method: 'GET', url: path, headers: { cookie: jar.header() } });
    jar.store(res.headers['set-cookie']);
    return res;
  };

  let res = await follow(`/oidc/auth?${query}`);
  const loginUrl = String(res.headers.location);
  res = await follow(loginUrl);
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.body, jar };
  const action = /action="([^"]+)"/.exec(res.body)?.[1] ?? '';
  res = await app.inject({
    method: 'POST',
    url: action,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email: options.email, password: options.password }).toString(),
  });
  jar.store(res.headers['set-cookie']);
  if (res.statusCode !== 303) return { status: res.statusCode, body: res.body, jar };
  // Back to the provider, which resumes the authorization and redirects to the app with a code.
  let location = String(res.headers.location);
  for (let hop = 0; hop < 5 && !location.startsWith(redirectUri); hop++) {
    res = await follow(location);
    location = String(res.headers.location ?? '');
  }
  const callback = new URL(location);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== 'state-1')
    return { status: res.statusCode, body: location, jar };
  const tokenRes = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: options.clientId,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }).toString(),
  });
  return { status: tokenRes.statusCode, body: tokenRes.body, jar, tokens: tokenRes.json() };
}
