/**
 * The one URL policy for assistant content and sources. Model output and source metadata are
 * untrusted text, so a URL becomes a link only when it is an absolute http(s) URL or one of the
 * app's own paths (`/…`, `#…`). Everything else (javascript:, data:, vbscript:, file:, mailto:,
 * protocol-relative `//host`, scheme-less words) is refused and the caller renders plain text.
 */
export type SafeUrl = {
  href: string;
  /** Absolute http(s): open in a new tab. Relative paths stay in the app. */
  external: boolean;
};

// Any origin works: it only lets the URL parser tell us whether a relative path stays put.
const PROBE_ORIGIN = 'https://samvad.invalid';

// Browsers drop tabs and newlines inside URLs ("java\tscript:") and trim control characters, so
// any of them is a sign of a disguised scheme; no legitimate link needs them unencoded.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const ABSOLUTE_HTTP = /^https?:\/\//i;

export function toSafeUrl(raw: unknown): SafeUrl | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || CONTROL_CHARACTERS.test(value)) return null;

  if (value.startsWith('#')) return { href: value, external: false };

  if (value.startsWith('/')) {
    // "//evil.example" and "/\evil.example" are protocol-relative to browsers: resolving against
    // a probe origin catches every spelling of "leaves the origin".
    const resolved = parse(value, PROBE_ORIGIN);
    if (!resolved || resolved.origin !== PROBE_ORIGIN) return null;
    return { href: value, external: false };
  }

  if (ABSOLUTE_HTTP.test(value)) {
    const url = parse(value);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      return null;
    }
    return { href: value, external: true };
  }

  return null;
}

/** The href to render, or null when the URL must not become a link. */
export function safeHref(raw: unknown): string | null {
  return toSafeUrl(raw)?.href ?? null;
}

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
