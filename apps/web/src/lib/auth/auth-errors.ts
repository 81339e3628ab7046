/** The authentication failures the app tells apart; each has a message a person can act on. */
export type AuthErrorCode =
  | 'timeout'
  | 'cancelled'
  | 'popup_timeout'
  | 'missing_refresh_token'
  | 'mfa_required'
  | 'state_mismatch'
  | 'missing_transaction'
  | 'login_required'
  | 'invalid_id_token'
  | 'unknown';

const messages: Record<AuthErrorCode, string> = {
  timeout: 'The sign-in service did not answer in time. Check your connection and try again.',
  cancelled: 'The sign-in window was closed before signing in finished.',
  popup_timeout: 'Signing in took too long and was stopped. Please try again.',
  missing_refresh_token: 'Your session can no longer be renewed. Please sign in again.',
  mfa_required: 'Multi-factor authentication is required. Please sign in again to complete it.',
  state_mismatch: 'Invalid state',
  missing_transaction: 'No sign-in was in progress for this response. Please sign in again.',
  login_required: 'Your session has ended. Please sign in again.',
  invalid_id_token: 'The identity token could not be verified. Please sign in again.',
  unknown: 'Signing in failed. Please try again.',
};

export class AuthError extends Error {
  readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message?: string) {
    super(message || messages[code]);
    this.name = 'AuthError';
    this.code = code;
  }
}

const loginRequiredCodes = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
  // A refresh token that expired or was revoked: only a new sign-in helps.
  'invalid_grant',
]);

function fromProviderError(code: string, description: string): AuthError {
  if (loginRequiredCodes.has(code)) return new AuthError('login_required');
  if (code === 'mfa_required') return new AuthError('mfa_required');
  return new AuthError('unknown', description || `Signing in failed (${code}).`);
}

function fromMessage(message: string): AuthError {
  if (/popup closed/i.test(message)) return new AuthError('cancelled');
  if (/no matching state/i.test(message)) return new AuthError('missing_transaction');
  if (/no state in response|invalid request_type in state|state mismatch/i.test(message)) {
    return new AuthError('state_mismatch');
  }
  if (/refresh.?token/i.test(message)) return new AuthError('missing_refresh_token');
  if (/timed out/i.test(message)) return new AuthError('timeout');
  return new AuthError('unknown', message);
}

/** Maps whatever oidc-client-ts (or the network) threw to one of the known authentication errors. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (!(error instanceof Error)) return new AuthError('unknown', String(error));
  if (error.name === 'ErrorTimeout') return new AuthError('timeout');
  if (error.name === 'ErrorResponse' && 'error' in error) {
    const code = typeof error.error === 'string' ? error.error : '';
    const description =
      'error_description' in error && typeof error.error_description === 'string'
        ? error.error_description
        : '';
    return fromProviderError(code, description);
  }
  return fromMessage(error.message);
}
