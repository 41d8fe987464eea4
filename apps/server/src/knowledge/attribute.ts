/**
 * Whose words each block holds, decided from the source itself (issue 18): a debate's speaker
 * labels; a document's byline, signature or source line ("Dr. Babasaheb Ambedkar: Writings and
 * Speeches"); an appendix "BY" another author; an editor's introduction; a quoted letter.
 * Without such evidence the speaker is 'unknown', never the reformer.
 */
import type { Attribution, TextKind } from './attribution.ts';
import { markLetters } from './letters.ts';
import { displayName, type ReformerNames, SpeakerNames } from './speaker-names.ts';
import type { LoadedBlock, LoadedDocument } from './types.ts';

/**
 * Stored with each document; raised when these rules change, so that ingesting an unchanged
 * file again re-attributes it (0: ingested before chunks knew their speakers).
 */
export const ATTRIBUTION_VERSION = 1;

/** Blocks at the start of a document searched for a byline, a signature or a source line. */
const FRONT_BLOCKS = 60;
/** Paragraphs at the start of an "Intro" section searched for an editor's note. */
const INTRO_PARAGRAPHS = 8;

/** Titles of collected works that name their author ("… : Writings and Speeches"). */
const WORKS = /writings\s+and\s+speeches|सम्पूर्ण\s+वाङ्मय|collected\s+works/i;
const SPEECH = /\b(?:speech|address|debates?|lecture)\b/i;
const SPEECH_GIVEN =
  /\b(?:speech|address)\s+(?:delivered|given)\b|\b(?:made|delivered|gave)\b[^.]{0,90}\bspeech\b/i;
const BY = /\bby\s+/gi;
const APPENDIX_BY = /^appendix\b.*?\bby\s+(.+)$/i;
/** Headings of a book's parts: an appendix runs until the next one. */
const PART = /^(?:appendix|preface|prologue|epilogue|introduction|foreword|chapter|part|book)\b/i;
const EDITOR_HEADING =
  /^(?:editor|translator|publisher)['’]?s?['’]?\s+(?:introduction|note|preface|foreword)|^editorial\b|^note on the text\b/i;
const INTRO_HEADING = /^intro(?:duction)?$/i;
/** Words with which an editor describes the edition ("Edited by", "This etext was prepared"). */
const EDIT_MARK = /\b(?:edited|editing|editor|e-?text|translated\s+from)\b/i;
const EDITOR_NAME =
  /(?:\b(?:[Ee]dited|[Pp]repared|[Ii]ntroduction|INTRODUCTION)\b[^.]{0,80}?\bby|^[Bb]y)\s+(?:Prof\.?\s+)?(\p{Lu}\p{L}+(?:\s+(?:\p{Lu}\.|\p{Lu}\p{L}+)){0,3})/gu;
/** A note introducing the text in the third person ("…, which is given below in its entirety"). */
const INTRODUCES = /\b(?:is|are)\s+(?:given|reproduced|printed)\s+below\b/i;

/** The debate record's own words: headings, "The Assembly met at …". */
const RECORD: Attribution = { speakerRole: 'editor', speaker: null, textKind: 'editorial' };

function headerFields(provenance: readonly string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of provenance) {
    const match = /^([A-Z][A-Z ]{1,24}):\s*(.*)$/.exec(line);
    if (match?.[1] && match[2]) fields.set(match[1], match[2]);
  }
  return fields;
}

/** A byline, signature, source line or "speech delivered by" naming the reformer. */
function claimsReformer(text: string, names: SpeakerNames): boolean {
  if (WORKS.test(text) && names.mentions(text)) return true;
  for (const match of text.matchAll(BY)) {
    if (names.startsWithReformer(text.slice(match.index + match[0].length))) return true;
  }
  const bare = text.replace(/^[-–—\s]+|^yours\s+\w+,?\s*/gi, '');
  if (bare.split(/\s+/).length <= 6 && names.isReformer(bare)) return true;
  return text
    .split(/(?<=[.!?])\s+/)
    .some((sentence) => SPEECH_GIVEN.test(sentence) && names.mentions(sentence));
}

/** The voice of a document's running text, from what it says about itself. */
function documentVoice(doc: LoadedDocument, names: SpeakerNames): Attribution {
  const provenance = doc.provenance ?? [];
  const fields = headerFields(provenance);
  const front = doc.blocks.slice(0, FRONT_BLOCKS).map((block) => block.text);
  const described = [
    fields.get('TYPE'),
    fields.get('SECTION'),
    fields.get('SPEECH TITLE'),
    fields.get('TITLE'),
  ].join(' ');
  const speech =
    SPEECH.test(described.replace(WORKS, '')) || front.some((text) => SPEECH_GIVEN.test(text));
  const textKind = speech ? 'speech' : 'writing';
  const author = fields.get('AUTHOR');
  if (author && !names.isReformer(author)) return voiceOf(author, names, textKind);
  const context = fields.get('CONTEXT');
  const reformer =
    Boolean(author) ||
    (context !== undefined && names.startsWithReformer(context)) ||
    [...provenance, ...front].some((text) => claimsReformer(text, names));
  if (!reformer) {
    return { speakerRole: 'unknown', speaker: null, textKind: speech ? 'speech' : 'unknown' };
  }
  return { speakerRole: 'reformer', speaker: names.reformerName, textKind } satisfies Attribution;
}

/**
 * The reformer is named as the persona names him, however the source spells it, so that his
 * passages read alike and a change of spelling never splits a chunk.
 */
function voiceOf(name: string, names: SpeakerNames, textKind: TextKind): Attribution {
  return names.isReformer(name)
    ? { speakerRole: 'reformer', speaker: names.reformerName, textKind }
    : { speakerRole: 'other', speaker: displayName(name), textKind };
}

/** Index of the first block after the section headed at `start` ends. */
function sectionEnd(blocks: readonly LoadedBlock[], start: number, top: number, parts: boolean) {
  const level = blocks[start]?.level ?? 1;
  for (let index = start + 1; index < blocks.length; index++) {
    const block = blocks[index];
    if (block?.kind !== 'heading') continue;
    const other = block.level ?? 1;
    // Appendices: the PDFs set "APPENDIX I" and its numbered sections at one level.
    if (!parts && other <= level) return index;
    if (parts && (other < level || (other === level && (other === top || PART.test(block.text)))))
      return index;
  }
  return blocks.length;
}

function editorName(texts: readonly string[]): string | null {
  let name: string | null = null;
  for (const text of texts) for (const match of text.matchAll(EDITOR_NAME)) name = match[1] ?? name;
  return name ? displayName(name) : null;
}

/** Appendices by other authors and editors' introductions, found by their headings. */
function markSections(blocks: readonly LoadedBlock[], voices: Attribution[], names: SpeakerNames) {
  const top = Math.min(
    ...blocks.map((block) => (block.kind === 'heading' ? (block.level ?? 1) : 9)),
  );
  blocks.forEach((block, start) => {
    if (block.kind !== 'heading') return;
    const heading = block.text.trim();
    const author = APPENDIX_BY.exec(heading)?.[1]?.replace(/\s+[IVXL]+$/, '');
    if (author) {
      const voice = voiceOf(author, names, names.isReformer(author) ? 'writing' : 'appendix');
      voices.fill(voice, start, sectionEnd(blocks, start, top, true));
      return;
    }
    const explicit = EDITOR_HEADING.test(heading);
    if (!explicit && !INTRO_HEADING.test(heading)) return;
    let end = sectionEnd(blocks, start, top, false);
    const paragraphs: number[] = [];
    for (let index = start + 1; index < end; index++) {
      if (blocks[index]?.kind === 'paragraph') paragraphs.push(index);
    }
    if (!explicit) {
      // An "Intro" is the editor's only as far as it speaks of the edition.
      const marked = paragraphs
        .slice(0, INTRO_PARAGRAPHS)
        .filter((index) => EDIT_MARK.test(blocks[index]?.text ?? ''));
      const last = marked[marked.length - 1];
      if (last === undefined) return;
      end = last + 1;
    }
    const texts = paragraphs.filter((index) => index < end).map((i) => blocks[i]?.text ?? '');
    voices.fill(
      { speakerRole: 'editor', speaker: editorName(texts), textKind: 'editorial' },
      start,
      end,
    );
  });
}

/** The document with every block's attribution set. */
export function attributeDocument(doc: LoadedDocument, persona: ReformerNames): LoadedDocument {
  const names = new SpeakerNames(persona);
  const debate = doc.blocks.some((block) => block.speaker !== undefined);
  const base = debate ? RECORD : documentVoice(doc, names);
  const voices: Attribution[] = doc.blocks.map(() => base);
  if (!debate) markSections(doc.blocks, voices, names);
  doc.blocks.forEach((block, index) => {
    if (block.speaker !== undefined) voices[index] = voiceOf(block.speaker, names, 'speech');
  });
  doc.blocks.forEach((block, index) => {
    if (!debate && INTRODUCES.test(block.text) && names.mentions(block.text))
      voices[index] = { speakerRole: 'editor', speaker: null, textKind: 'editorial' };
  });
  markLetters(doc.blocks, voices, names);
  return {
    ...doc,
    blocks: doc.blocks.map((block, index) => ({ ...block, attribution: voices[index] ?? base })),
  };
}
