import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentityConfig } from '../config.ts';
import { createTokenVerifier, VERIFIED_TOKEN_TRUST_MS } from './token-verifier.ts';

// The real jose, watched: how often a signature is actually checked.
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) };
});
const signatureChecks = () => vi.mocked(jwtVerify).mock.calls.length;

const identity: IdentityConfig = {
  mode: 'embedded',
  issuer: 'http://localhost:3000/oidc',
  audience: 'urn:crossarm:api',
  clientId: 'crossarm-web',
};
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const signing = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'k1' };
const other = (await generateKeyPair('RS256')).privateKey;

const sign = (key: CryptoKey, expiresIn: string, sub = 'user-1') =>
  new SignJWT({ email: 'Pat@Utility.example' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer(identity.issuer)
    .setAudience(identity.audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);

const verifier = () => createTokenVerifier(identity, ['RS256'], { signing: [signing], cookies: ['c'] });

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(jwtVerify).mockClear();
});

describe('bearer token verification', () => {
  it('answers the same claims for a token it has verified before', async () => {
    const verify = verifier();
    const token = await sign(privateKey, '10m');
    const first = await verify(token);
    expect(first).toMatchObject({ subject: 'user-1', email: 'pat@utility.example' });
    expect(await verify(token)).toEqual(first);
    expect(signatureChecks()).toBe(1);
    // Another token is verified on its own.
    await verify(await sign(privateKey, '10m', 'user-2'));
    expect(signatureChecks()).toBe(2);
  });

  it('refuses a token once it has expired, though it was verified while valid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = verifier();
    const token = await sign(privateKey, '2m');
    await verify(token);
    // Within the leeway of a minute past expiry it still holds; after it, not.
    vi.setSystemTime(Date.now() + 2 * 60_000 + 30_000);
    await expect(verify(token)).resolves.toMatchObject({ subject: 'user-1' });
    vi.setSystemTime(Date.now() + 60_000);
    await expect(verify(token)).rejects.toThrow(/exp/);
  });

  it('checks the signature again after five minutes of trust', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = verifier();
    const token = await sign(privateKey, '1h');
    await verify(token);
    vi.setSystemTime(Date.now() + VERIFIED_TOKEN_TRUST_MS - 1000);
    await verify(token);
    expect(signatureChecks()).toBe(1);
    vi.setSystemTime(Date.now() + 2000);
    await expect(verify(token)).resolves.toMatchObject({ subject: 'user-1' });
    expect(signatureChecks()).toBe(2);
  });

  it('never takes a token it could not verify, however often it is sent', async () => {
    const verify = verifier();
    const forged = await sign(other, '10m');
    await expect(verify(forged)).rejects.toThrow(/signature/);
    await expect(verify(forged)).rejects.toThrow(/signature/);
    expect(signatureChecks()).toBe(2);
  });
});
