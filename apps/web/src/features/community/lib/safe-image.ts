/**
 * A profile picture's address, when it is one a browser may load without surprises: an
 * https URL or one of the app's own paths. Anything else (javascript:, data:, http:) gives none
 * and the avatar shows initials.
 */
export function toSafeImage(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}
