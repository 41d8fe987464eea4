/**
 * Letters quoted inside a text are their writers' words, not the author's: the Prologue of
 * Annihilation of Caste prints Sant Ram's and Har Bhagwan's letters to Ambedkar, and Gandhi's
 * "A Vindication of Caste" prints Sant Ram's. A letter is found from the text alone: the
 * sentence that introduces it ("I received the following letter from Mr. Sant Ram :"), or its
 * date line and salutation; it ends at its signature, at the closing quotation mark it opened
 * with, or where the text speaks of it ("This letter puzzled me greatly").
 */
import type { Attribution } from './attribution.ts';
import { displayName, type SpeakerNames } from './speaker-names.ts';
import type { LoadedBlock } from './types.ts';

const INTRO =
  /\b(?:following|another)\s+(?:letter|reply|telegram)\b|\bletter\b[^.]{0,60}\b(?:below|following)\b|\bwants\s+me\s+to\s+publish\s+the\s+following\b/i;
/** The introduction ends with a colon, or the letter starts after it in the same paragraph. */
const INTRO_END = /:\s*["“]?\s*$/;
const INLINE_START = /following\s*:\s*["“]/i;
const SALUTATION = /(?:^|\s)(?:my\s+)?(?:dear|revered|respected)\s[^!?;:]{0,40},$/i;
const DATE = /\b\d{1,2}[-./]\d{1,2}[-./]\d{2,4}\b|\b1[89]\d\d\b/;
const SIGNATURE =
  /(?:^|\s)(?:I\s+am,?\s+)?yours\s+(?:sincerely|faithfully|truly|affectionately|obediently)\s*[,.]?\s*(.*)$/i;
/** The text speaking of the letter it has just quoted: the letter is over. */
const BACK_REFERENCE =
  /^(?:this|that|the|to\s+this|after\s+this)\s+(?:\S+\s+){0,3}?(?:letter|correspondence)\b/i;
const POSTSCRIPT = /^P\.\s*S\./;
/** A closing quotation mark, perhaps followed by a footnote mark ('."/4/'). */
const CLOSING_QUOTE = /["”]\s*(?:\/\d+\/|\[\d+\]|\(\d+\))?\s*$/;
const SECOND_PERSON = /\byou(?:rs?)?\b/i;
/** A letter longer than this many paragraphs without an ending is not believed to be one. */
const MAX_PARAGRAPHS = 16;

const NAME = String.raw`((?:(?:Mr|Mrs|Dr|Sir|Shri|Sjt|Sri)\.?\s+)*(?:\p{Lu}[\p{L}.'’-]*\s*){1,4})`;
const FROM = new RegExp(String.raw`\bfrom\s+${NAME}`, 'u');
const SUBJECT = new RegExp(String.raw`^${NAME}\s*(?:of\b|,|wants\b)`, 'u');
const OWN_REPLY = /\bI\s+sent\s+the\s+following\s+reply\b/i;

const words = (text: string) => text.split(/\s+/).filter((word) => word.length > 0).length;

function opensLetter(blocks: readonly LoadedBlock[], index: number): boolean {
  const text = blocks[index]?.text ?? '';
  if (SALUTATION.test(text) && words(text) <= 12) return true;
  const next = blocks[index + 1]?.text ?? '';
  return words(text) <= 8 && DATE.test(text) && SALUTATION.test(next) && words(next) <= 12;
}

type Span = { end: number; signedBy: string | null };

/** Where the letter starting at `from` ends (exclusive), and the name it is signed with. */
function letterSpan(blocks: readonly LoadedBlock[], from: number, quoted: boolean): Span {
  const limit = Math.min(blocks.length, from + MAX_PARAGRAPHS);
  // Place, date and salutation head a letter; another such head after its body starts another.
  let body = false;
  for (let j = from; j < limit; j++) {
    const block = blocks[j];
    if (!block || block.kind === 'heading') break;
    if (j > from && (BACK_REFERENCE.test(block.text) || INTRO.test(block.text))) {
      return { end: j, signedBy: null };
    }
    if (body && opensLetter(blocks, j)) break;
    if (words(block.text) > 12) body = true;
    const signature = SIGNATURE.exec(block.text);
    if (signature) {
      let end = j + 1;
      let signedBy = signature[1]?.trim() || null;
      const following = blocks[end];
      if (!signedBy && following?.kind === 'paragraph' && words(following.text) <= 5) {
        signedBy = following.text;
        end++;
      }
      if (blocks[end] && POSTSCRIPT.test(blocks[end]?.text ?? '')) end++;
      return { end, signedBy };
    }
    if (quoted && CLOSING_QUOTE.test(block.text)) return { end: j + 1, signedBy: null };
  }
  // No ending found: the letter is the paragraphs that still speak to its reader ("you").
  let end = from;
  while (end < limit) {
    const block = blocks[end];
    if (!block || block.kind === 'heading') break;
    if (!SECOND_PERSON.test(block.text) && !opensLetter(blocks, end) && end > from) break;
    end++;
  }
  return { end, signedBy: null };
}

function letterVoice(writer: string, names: SpeakerNames): Attribution {
  return names.isReformer(writer)
    ? { speakerRole: 'reformer', speaker: names.reformerName, textKind: 'letter' }
    : { speakerRole: 'other', speaker: displayName(writer), textKind: 'letter' };
}

/** Marks the letters among `blocks`: their paragraphs get the writer's voice. */
export function markLetters(
  blocks: readonly LoadedBlock[],
  voices: Attribution[],
  names: SpeakerNames,
): void {
  const unknown: Attribution = { speakerRole: 'unknown', speaker: null, textKind: 'letter' };
  let index = 0;
  while (index < blocks.length) {
    const block = blocks[index];
    const text = block?.text ?? '';
    const introduced = block?.kind === 'paragraph' && INTRO.test(text) && INTRO_END.test(text);
    const inline = block?.kind === 'paragraph' && INLINE_START.test(text);
    if (!block || (!introduced && !inline && !opensLetter(blocks, index))) {
      index++;
      continue;
    }
    const start = introduced && !inline ? index + 1 : index;
    const first = blocks[start]?.text ?? '';
    const quoted = inline || /^["“]/.test(first);
    const span = letterSpan(blocks, start, quoted);
    const intro = introduced || inline ? text : '';
    const named = FROM.exec(intro)?.[1] ?? SUBJECT.exec(intro)?.[1] ?? null;
    const narrator = voices[index] ?? unknown;
    const voice = span.signedBy
      ? letterVoice(span.signedBy, names)
      : named
        ? letterVoice(named, names)
        : OWN_REPLY.test(intro)
          ? { ...narrator, textKind: 'letter' as const }
          : unknown;
    for (let k = start; k < span.end; k++) voices[k] = voice;
    index = Math.max(span.end, index + 1);
  }
}
