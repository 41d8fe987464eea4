// Where a sign-in started, so the callback can take the member back there (not only to '/').
const KEY = 'samvad.signInReturnTo';

/** A same-origin path worth returning to: not '/', not the callback, never another origin. */
export function isReturnPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    path !== '/' &&
    !path.startsWith('/auth/') &&
    !path.startsWith('/banned')
  );
}

export function rememberSignInReturn(path: string): void {
  try {
    if (isReturnPath(path)) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the callback then goes to '/', as the spec says.
  }
}

/** The remembered path (once: it is forgotten as it is read), or '/' when none is valid. */
export function takeSignInReturn(): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && isReturnPath(path) ? path : '/';
  } catch {
    return '/';
  }
}
