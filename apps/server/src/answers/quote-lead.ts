/**
 * The words before a quote that say whose words it is and where they are: "In *Annihilation of
 * Caste* (p. 67), Ambedkar writes:". Only the reformer's own passages are put in his mouth;
 * another speaker is named as such, the editor as the editor, and words whose speaker is not
 * known are given with their work alone. Works are named by title, never by file name.
 */
import type { Persona } from '@samvad/contracts/persona';
import { partTitle } from '../presenters/source-presenter.ts';
import type { Passage } from '../retrieval/passage.ts';
import { fill, leadTexts, reformerNameIn } from './lead-texts.ts';
import { pageOf } from './passage-location.ts';

type LeadPassage = Pick<
  Passage,
  | 'title'
  | 'fileName'
  | 'page'
  | 'pageLabel'
  | 'headingPath'
  | 'speakerRole'
  | 'speaker'
  | 'textKind'
>;

/** "Ambedkar" from "Dr. B. R. Ambedkar": how the prose names the reformer. */
export function shortName(persona: Pick<Persona, 'reformerName'>): string {
  const words = persona.reformerName.split(/\s+/).filter((word) => !/\.$/.test(word));
  return words[words.length - 1] ?? persona.reformerName;
}

export function quoteLead(passage: LeadPassage, persona: Persona, language: string): string {
  const texts = leadTexts(language);
  const work = `*${escapeMarkdown(workTitle(passage))}*`;
  const page = pageOf(passage);
  const where = page ? `${work} (${fill(texts.page, { page })})` : work;
  const name = escapeMarkdown(speakerName(passage, persona, language) ?? '');
  const lead = (template: string) => fill(template, { where, name });
  switch (passage.speakerRole) {
    case 'reformer':
      return lead(passage.textKind === 'speech' ? texts.reformerSaid : texts.reformerWrites);
    case 'other':
      if (passage.textKind === 'letter' && name) return lead(texts.letter);
      return lead(name ? texts.other : texts.anotherSpeaker);
    case 'editor':
      return lead(texts.editor);
    default:
      return capitalise(lead(texts.unknown));
  }
}

function speakerName(passage: LeadPassage, persona: Persona, language: string): string | null {
  if (passage.speakerRole === 'reformer')
    return reformerNameIn(
      language,
      shortName(persona),
      persona.reformerAliases ?? [],
      persona.reformerNameByLanguage,
    );
  if (passage.speakerRole === 'editor') return passage.speaker ?? 'Editor';
  return passage.speaker;
}

/**
 * The work a passage belongs to: in a PDF that binds several works, the part it is in (the
 * chunker gives a part's title, in title case, as the first heading); else the document's title
 * (the one an admin set, ADR 034, before the one ingestion read), or its file name made readable
 * when it has none of its own.
 */
export function workTitle(
  passage: Pick<Passage, 'title' | 'fileName'> &
    Partial<Pick<Passage, 'page' | 'headingPath' | 'titleOverride'>>,
): string {
  const part = partTitle(passage);
  if (part) return part;
  const title = (passage.titleOverride ?? passage.title)?.trim();
  if (title && title !== passage.fileName) return title;
  return (
    passage.fileName
      .replace(/\.[a-z0-9]+$/i, '')
      // "ta_castes_in_india_tamil": the language code and name are not part of the title.
      .replace(
        /^[a-z]{2}_(.+?)(?:_(?:tamil|hindi|marathi|bengali|telugu|kannada|malayalam|gujarati|punjabi|urdu))?$/i,
        '$1',
      )
      .replace(/[_-]+/g, ' ')
      .replace(/\b\p{Ll}/u, (first) => first.toUpperCase())
  );
}

function capitalise(text: string): string {
  return text.replace(
    /^(\*?)(\p{Ll})/u,
    (_all, star: string, first: string) => star + first.toUpperCase(),
  );
}

/** Titles come from documents: no emphasis, links or HTML of their own in the prose. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[<>]/g, (char) => (char === '<' ? '‹' : '›'))
    .replace(/([*_`[\]\\])/g, '\\$1');
}
