/**
 * The source shape's fixed values, without zod: the chat's first load reads these, and the schema
 * library stays out of it (the /chat JavaScript budget, 150 kB).
 */

/** Code points of a source's speaker name; names are short, this only bounds what is stored. */
export const SOURCE_SPEAKER_MAX_LENGTH = 120;

/** The speaker of editorial text (an introduction, a note) when the editor is not named. */
export const EDITOR_SPEAKER = 'Editor';

/**
 * The speaker when nothing tells whose words they are: said out loud so that such words are never
 * read as the reformer's.
 */
export const UNKNOWN_SPEAKER = 'Unknown speaker';
