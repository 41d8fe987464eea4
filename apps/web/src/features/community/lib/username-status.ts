import { communityText, usernameProblem } from '@samvad/contracts/community-rules';

/** Where a username being typed stands (spec §5: its rules, then "already taken"). */
export type UsernameStatus =
  | { kind: 'invalid'; message: string }
  | { kind: 'checking' }
  | { kind: 'available' }
  | { kind: 'taken'; message: string }
  /** The check itself failed: the server still decides when the form is sent. */
  | { kind: 'unknown' }
  /** Editing, and still the member's own name. */
  | { kind: 'unchanged' };

export type AvailabilityAnswer = { available: boolean; message: string | null };

/**
 * The rules are checked at once as the member types; availability is asked of the server for
 * the debounced value only, so the answer shown always belongs to what is in the box.
 */
export function usernameStatus(input: {
  value: string;
  debounced: string;
  current?: string | null | undefined;
  answer: AvailabilityAnswer | undefined;
  failed: boolean;
}): UsernameStatus {
  const value = input.value.trim();
  const problem = usernameProblem(value);
  if (problem) return { kind: 'invalid', message: problem };
  if (input.current && value.toLowerCase() === input.current.toLowerCase()) {
    return { kind: 'unchanged' };
  }
  if (input.debounced.trim() !== value) return { kind: 'checking' };
  if (input.failed) return { kind: 'unknown' };
  if (!input.answer) return { kind: 'checking' };
  if (input.answer.available) return { kind: 'available' };
  return { kind: 'taken', message: input.answer.message ?? communityText.usernameTaken };
}

/** Whether the form may be sent with this username. */
export function usernameAcceptable(status: UsernameStatus): boolean {
  return status.kind === 'available' || status.kind === 'unchanged' || status.kind === 'unknown';
}
