/**
 * The language a quoted text is in, and the note a reply adds after a quote whose language is
 * not the reply's ("The source is in English." under a Hindi answer). Quotes are never
 * translated: the note tells the reader why the words are in another language.
 *
 * The script decides (knowledge/language.ts, as the chunker labels passages), except that
 * Devanagari is Hindi or Marathi: their commonest words differ, so a text whose
 * Marathi ones clearly outnumber its Hindi ones is Marathi. A Hindi text is never given a note
 * under a Hindi reply, so the rule leans to Hindi: a quote too short to tell stays Hindi.
 */
import { devanagariWordCounts } from '@samvad/contracts/language';
import { detectLanguage } from '../knowledge/language.ts';
import { REPLY_LANGUAGES, type ReplyLanguage, replyLanguage, sourceInNote } from './reply-texts.ts';

/** Marathi needs this many of its words, and more than twice Hindi's, to be told from Hindi. */
const MIN_MARATHI_WORDS = 2;

/** The language of a text, or null when it has no letters to tell by. */
export function textLanguage(text: string): ReplyLanguage | null {
  if (!/\p{L}/u.test(text)) return null;
  const script = detectLanguage(text);
  if (script === 'hi') return devanagariLanguage(text);
  return (REPLY_LANGUAGES as readonly string[]).includes(script) ? (script as ReplyLanguage) : null;
}

function devanagariLanguage(text: string): 'hi' | 'mr' {
  // The word lists are the question's (packages/contracts/src/language.ts); a quote needs more.
  const { marathi, hindi } = devanagariWordCounts(text);
  return marathi >= MIN_MARATHI_WORDS && marathi > 2 * hindi ? 'mr' : 'hi';
}

/**
 * The note to add after quoting `quoted` in a reply in `language` (the question's detected
 * language), or null when the quote is in the reply's own language or cannot be told.
 */
export function sourceLanguageNote(quoted: string, language: string): string | null {
  const source = textLanguage(quoted);
  const reply = replyLanguage(language);
  return source && source !== reply ? sourceInNote(reply, source) : null;
}
