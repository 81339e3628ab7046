// Tokens live only in memory, so a reload forgets them. This marker cookie (no secret in it) tells the
// next start that a sign-in happened recently and a silent sign-in is worth trying.
const COOKIE_NAME = 'crossarm_session';
const MAX_AGE_SECONDS = 24 * 60 * 60;

export function setSessionMarker(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
  document.cookie = `${COOKIE_NAME}=1; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function clearSessionMarker(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
  document.cookie = `${COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function hasSessionMarker(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${COOKIE_NAME}=1`));
}
