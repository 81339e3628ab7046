import type { UserSession } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { sessionAccess } from '../features/session/session-access';
import { parseVersionText, shouldPromptForVersion } from '../features/version/version-check';
import { ApiError, apiErrorFromBody, apiErrorFromException, isNotFound } from './api/api-error';
import { AuthError, toAuthError } from './auth/auth-errors';
import { checkIdTokenClaims } from './auth/id-token-claims';
import { nextReconnectDelay } from './hub/reconnect-schedule';

const session = (status: UserSession['user']['status'], organizationId: string | null): UserSession => ({
  user: {
    id: '5f0c6a2e-0000-4000-8000-000000000001',
    email: 'a@b.example',
    firstName: 'A',
    lastName: 'B',
    phone: null,
    title: null,
    status,
    role: 'User',
    darkMode: false,
    organizationId,
  },
  organization: null,
  systemPermissions: [],
  organizationPermissions: [],
  applications: [],
});

describe('session access', () => {
  it('grants only an Active user with an organization', () => {
    expect(sessionAccess(session('Active', '5f0c6a2e-0000-4000-8000-000000000002'), null)).toBe('granted');
    expect(sessionAccess(session('Inactive', '5f0c6a2e-0000-4000-8000-000000000002'), null)).toBe(
      'unauthorized',
    );
    expect(sessionAccess(session('Invited', '5f0c6a2e-0000-4000-8000-000000000002'), null)).toBe(
      'unauthorized',
    );
    expect(sessionAccess(session('Active', null), null)).toBe('no-organization');
  });

  it('treats a 401 as unauthorized and waits while nothing is loaded', () => {
    expect(sessionAccess(undefined, new ApiError({ status: 401, title: 'Unauthorized', detail: '' }))).toBe(
      'unauthorized',
    );
    expect(sessionAccess(undefined, null)).toBeNull();
  });
});

describe('version prompt', () => {
  const idle = { prompting: false, snoozedUntil: 0 };
  it('asks when another build is deployed, not twice, not while snoozed', () => {
    expect(shouldPromptForVersion('2', '1', idle, 1000)).toBe(true);
    expect(shouldPromptForVersion('1', '1', idle, 1000)).toBe(false);
    expect(shouldPromptForVersion('2', '1', { prompting: true, snoozedUntil: 0 }, 1000)).toBe(false);
    expect(shouldPromptForVersion('2', '1', { prompting: false, snoozedUntil: 61_000 }, 1000)).toBe(false);
    expect(shouldPromptForVersion('2', '1', { prompting: false, snoozedUntil: 61_000 }, 61_000)).toBe(true);
    expect(shouldPromptForVersion(null, '1', idle, 1000)).toBe(false);
  });

  it('ignores an HTML page served in place of version.txt', () => {
    expect(parseVersionText('0.1.0+abc\n', 'text/plain')).toBe('0.1.0+abc');
    expect(parseVersionText('<!doctype html>', 'text/html')).toBeNull();
    expect(parseVersionText('', 'text/plain')).toBeNull();
  });
});

describe('hub reconnect schedule', () => {
  it('waits 0, 2, 10 and 30 seconds, then stops', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => nextReconnectDelay(attempt))).toEqual([
      0,
      2000,
      10_000,
      30_000,
      null,
    ]);
  });
});

describe('API errors', () => {
  it('reads problem details, falling back to the field errors and the status text', () => {
    const problem = apiErrorFromBody(400, 'Bad Request', {
      title: 'Bad Request',
      detail: 'body.name: Required',
      errors: [{ field: 'body.name', message: 'Required' }],
    });
    expect(problem).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: 'body.name: Required',
      errors: [{ field: 'body.name', message: 'Required' }],
    });
    const noDetail = apiErrorFromBody(422, 'Unprocessable', { errors: [{ field: 'x', message: 'bad' }] });
    expect(noDetail).toMatchObject({ title: 'Unprocessable', detail: 'x: bad' });
    expect(apiErrorFromBody(502, '', 'gateway down')).toMatchObject({ title: 'HTTP 502', detail: '' });
  });

  it('reports a cancelled request with status 0', () => {
    const cancelled = apiErrorFromException(new DOMException('aborted', 'AbortError'));
    expect(cancelled).toMatchObject({ status: 0, cancelled: true });
    expect(apiErrorFromException(new TypeError('Failed to fetch'))).toMatchObject({
      status: 0,
      title: 'Network Error',
      cancelled: false,
    });
  });

  it('counts a 404, or a 400 refusing only the address, as a record that does not exist', () => {
    const malformedId = apiErrorFromBody(400, 'Bad Request', {
      errors: [{ field: 'params.id', message: 'Invalid UUID' }],
    });
    expect(isNotFound(malformedId)).toBe(true);
    expect(isNotFound(apiErrorFromBody(404, 'Not Found', { title: 'Not Found' }))).toBe(true);
    const badBody = apiErrorFromBody(400, 'Bad Request', {
      errors: [
        { field: 'params.id', message: 'Invalid UUID' },
        { field: 'body.name', message: 'Required' },
      ],
    });
    expect(isNotFound(badBody)).toBe(false);
    expect(isNotFound(apiErrorFromBody(400, 'Bad Request', { title: 'Bad Request' }))).toBe(false);
    expect(isNotFound(apiErrorFromBody(403, 'Forbidden', {}))).toBe(false);
    expect(isNotFound(new Error('boom'))).toBe(false);
  });
});

describe('authentication errors', () => {
  it('maps the provider and library failures to the known codes', () => {
    const response = (error: string) => Object.assign(new Error(error), { name: 'ErrorResponse', error });
    expect(toAuthError(response('login_required')).code).toBe('login_required');
    expect(toAuthError(response('invalid_grant')).code).toBe('login_required');
    expect(toAuthError(response('mfa_required')).code).toBe('mfa_required');
    expect(toAuthError(Object.assign(new Error('x'), { name: 'ErrorTimeout' })).code).toBe('timeout');
    expect(toAuthError(new Error('Popup closed by user')).code).toBe('cancelled');
    expect(toAuthError(new Error('No matching state found in storage')).code).toBe('missing_transaction');
    const mismatch = toAuthError(new Error('No state in response'));
    expect(mismatch.code).toBe('state_mismatch');
    expect(mismatch.message).toBe('Invalid state');
    expect(toAuthError(new Error('No refresh token')).code).toBe('missing_refresh_token');
    expect(toAuthError(new AuthError('cancelled')).code).toBe('cancelled');
  });
});

describe('ID token claims', () => {
  const expected = {
    issuer: 'http://localhost:3000/oidc',
    clientId: 'crossarm-web',
    nowSeconds: 1_000_000,
    leewaySeconds: 60,
  };
  it('checks issuer, audience and expiry with 60 s leeway', () => {
    const good = { iss: expected.issuer, aud: ['crossarm-web', 'other'], exp: 1_000_000 - 30 };
    expect(checkIdTokenClaims(good, expected)).toBeNull();
    expect(checkIdTokenClaims({ ...good, exp: 1_000_000 - 61 }, expected)).toContain('expired');
    expect(checkIdTokenClaims({ ...good, iss: 'https://evil.example' }, expected)).toContain('issuer');
    expect(checkIdTokenClaims({ ...good, aud: 'other' }, expected)).toContain('another application');
    expect(checkIdTokenClaims({ iss: expected.issuer, aud: 'crossarm-web' }, expected)).toContain(
      'no expiry',
    );
  });
});
