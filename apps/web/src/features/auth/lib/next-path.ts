/**
 * `/auth?next=…`: where to go after signing in. Only a path of this app is followed; anything
 * that could leave it is dropped, so a crafted link cannot send a person who just signed in
 * to another site (an open redirect).
 */
const BASE = 'http://duka.invalid';

function hasControlCharacter(value: string): boolean {
  return [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/** The path to return to, or null when `value` is missing or not a same-origin path. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  // '//host' and '/\host' are protocol-relative addresses; browsers read '\' as '/', and drop
  // tabs and newlines, so '/\t/host' would become '//host' too.
  if (value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Dot segments are resolved by parsing: '/.//host' comes out as '//host'. Check the result.
  if (url.pathname.startsWith('//')) return null;
  // Back to the sign-in page itself would go round in circles; /unauthorized is no destination.
  if (url.pathname === '/auth' || url.pathname === '/unauthorized') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in address that comes back to `path` afterwards. */
export function authPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `/auth?next=${encodeURIComponent(next)}` : '/auth';
}
