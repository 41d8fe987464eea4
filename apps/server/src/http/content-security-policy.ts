import type { HelmetOptions } from 'helmet';
import type { Config } from '../config/env.ts';

type CspOptions = Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>;
export type CspDirectives = NonNullable<CspOptions['directives']>;
export type CrossOriginOpenerPolicy = Exclude<
  HelmetOptions['crossOriginOpenerPolicy'],
  boolean | undefined
>;

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * What Google Identity Services (the "Sign in with Google" button, loaded by the web app) needs,
 * per Google's CSP guide: its script, its iframes and requests under /gsi/, and its stylesheet.
 */
export const GOOGLE_IDENTITY_SERVICES_SOURCES = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
} as const;

/**
 * The web app loads Google Identity Services only when Google is the sign-in provider: a client
 * id is configured and the OIDC issuer is Google's. Another issuer (a test or corporate OIDC
 * provider) uses the redirect flow alone, so nothing from accounts.google.com is allowed then.
 */
export function usesGoogleIdentityServices(config: Config): boolean {
  return Boolean(config.google.clientId) && config.oidcIssuer === GOOGLE_ISSUER;
}

/**
 * helmet's `contentSecurityPolicy.directives`. helmet merges them over its defaults
 * (`useDefaults`), so only the directives that differ are named here. Each one added for Google
 * Identity Services repeats helmet's default for it (`script-src 'self'`, `style-src 'self'
 * https: 'unsafe-inline'`) or, where helmet sets none, the `default-src 'self'` it falls back to.
 */
export function contentSecurityPolicy(config: Config): CspDirectives {
  const directives: CspDirectives = {
    // The app may be served over plain http on a LAN; do not rewrite its requests.
    upgradeInsecureRequests: null,
    // Profile pictures come from the sign-in provider's image host (https only).
    imgSrc: ["'self'", 'data:', 'https:'],
    // No page of the app is ever framed, not even by itself (clickjacking).
    frameAncestors: ["'none'"],
  };
  if (!usesGoogleIdentityServices(config)) return directives;

  const gis = GOOGLE_IDENTITY_SERVICES_SOURCES;
  return {
    ...directives,
    scriptSrc: ["'self'", gis.script],
    frameSrc: ["'self'", gis.frame],
    connectSrc: ["'self'", gis.connect],
    styleSrc: ["'self'", 'https:', "'unsafe-inline'", gis.style],
  };
}

/**
 * helmet's `crossOriginOpenerPolicy`. Its default (`same-origin`) cuts the link between the page
 * and a pop-up it opens; Google Identity Services' pop-up answers its opener, so Google's guide
 * asks for `same-origin-allow-popups` when it is in use.
 */
export function crossOriginOpenerPolicy(config: Config): CrossOriginOpenerPolicy {
  return usesGoogleIdentityServices(config)
    ? { policy: 'same-origin-allow-popups' }
    : { policy: 'same-origin' };
}
