/**
 * Whose words a chunk holds, recorded at ingestion (issue 18). A quote is put in the reformer's
 * mouth only from his own passages; everyone else's words are cited as theirs, and words whose
 * speaker cannot be known are never attributed to the reformer.
 */

export const SPEAKER_ROLES = ['reformer', 'other', 'editor', 'unknown'] as const;
/** The reformer (per the persona file), another named person, the editor, or not known. */
export type SpeakerRole = (typeof SPEAKER_ROLES)[number];

export const TEXT_KINDS = [
  'speech',
  'writing',
  'letter',
  'appendix',
  'editorial',
  'table',
  'unknown',
] as const;
/**
 * Speech or writing (the speaker's own words), a quoted letter, an appendix by another author,
 * an editor's introduction or note, a table; 'unknown' where nothing tells.
 */
export type TextKind = (typeof TEXT_KINDS)[number];

export type Attribution = {
  speakerRole: SpeakerRole;
  /** The speaker's name as the source gives it ("T. T. Krishnamachari"); null when not named. */
  speaker: string | null;
  textKind: TextKind;
};

export const UNKNOWN_ATTRIBUTION: Attribution = {
  speakerRole: 'unknown',
  speaker: null,
  textKind: 'unknown',
};
