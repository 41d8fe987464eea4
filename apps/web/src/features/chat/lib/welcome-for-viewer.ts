import type { Persona } from '@samvad/contracts/persona';

/** What a member is told instead of a capability's "sign in to keep…" (they are signed in). */
export const MEMBER_MEMORY_TEXT =
  'Your conversations are saved to your account: come back to them from the sidebar at any time.';

/** A capability text that asks the reader to sign in, in the persona's words. */
const SIGN_IN_ADVICE = /\bsign[ -]?in\b|\blog[ -]?in\b/i;

/**
 * The persona's welcome as the viewer should read it: a member is not told to sign in (issue
 * 20: the "Conversation Memory" card said so to signed-in users); the capability that does is
 * worded for them instead. Guests see the persona's text unchanged.
 */
export function welcomeForViewer(
  welcome: Persona['welcome'],
  isMember: boolean,
): Persona['welcome'] {
  if (!isMember || !welcome.capabilities.some((c) => SIGN_IN_ADVICE.test(c.description))) {
    return welcome;
  }
  return {
    ...welcome,
    capabilities: welcome.capabilities.map((capability) =>
      SIGN_IN_ADVICE.test(capability.description)
        ? { ...capability, description: MEMBER_MEMORY_TEXT }
        : capability,
    ),
  };
}
