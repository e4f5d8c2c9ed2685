/** Where to go after signing in; only paths of this site, never another origin (`//evil.example`). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

export const REDIRECT_PARAM = 'redirectTo';

export function loginPath(returnTo: string): string {
  return returnTo === '/' ? '/login' : `/login?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}
