import { DOCUMENT_AUTHOR_MAX_LENGTH } from '@samvad/contracts/admin-document-rules';
import {
  EDITOR_SPEAKER,
  PARAGRAPH_ID_PATTERN,
  parseSourceReaderLink,
  SOURCE_SPEAKER_MAX_LENGTH,
  SOURCE_TITLE_MAX_LENGTH,
  sourceReaderLink,
  UNKNOWN_SPEAKER,
} from '@samvad/contracts/source-rules';
import { SOURCE_EXCERPT_MAX_LENGTH, type Source } from '@samvad/contracts/sources';
import type { Attribution } from '../knowledge/attribution.ts';
import type { DocumentDetails } from '../repositories/chunk-repository.ts';
import type { Passage } from '../retrieval/passage.ts';
import { documentFileUrl } from '../retrieval/passage-of.ts';
import { volumeOf, yearOf } from './citation-facts.ts';

type PresentedPassage = Pick<
  Passage,
  | 'id'
  | 'documentId'
  | 'fileName'
  | 'contentType'
  | 'title'
  | 'headingPath'
  | 'page'
  | 'pageLabel'
  | 'anchor'
  | 'text'
  | 'score'
  | 'speakerRole'
  | 'speaker'
> &
  // Absent in passages made by hand (tests): then nothing was set.
  Partial<DocumentDetails>;

/**
 * Each presented source's whole passage, until the answer is finalised: the cited sentence
 * (answers/cited-sentence.ts) is picked from all of it, not only from the excerpt. A side table
 * rather than a field, so the passage's text never reaches a client or a saved message.
 */
const passageTexts = new WeakMap<Source, string>();

/** The whole passage a source was presented from, when this process presented it. */
export function passageTextOf(source: Source): string | undefined {
  return passageTexts.get(source);
}

export function presentSource(passage: PresentedPassage): Source {
  const speaker = speakerOf(passage);
  // What an admin set comes first (ADR 034); the rest is read from the title and file name.
  const documentTitle = passage.titleOverride ?? passage.title;
  // A PDF binding several works names the one this page is in (issue #29), as the answer does.
  const title = displayTitle(partTitle(passage) ?? documentTitle, passage.fileName);
  const paragraphId = paragraphIdOf(passage.anchor);
  const volume = passage.volume ?? volumeOf(documentTitle, passage.fileName);
  const year = passage.year ?? yearOf(documentTitle, passage.fileName);
  const author = passage.author?.replace(/\s+/g, ' ').trim();
  const source: Source = {
    file_name: passage.fileName,
    page: passage.page,
    page_label: passage.pageLabel,
    score: Math.min(1, Math.max(0, passage.score)),
    link: passageLink(passage),
    excerpt: excerptOf(passage.text),
    ...(speaker ? { speaker } : {}),
    ...(title ? { title } : {}),
    ...(paragraphId ? { paragraph_id: paragraphId } : {}),
    ...(volume ? { volume } : {}),
    ...(year ? { year } : {}),
    ...(author ? { author: clipCodePoints(author, DOCUMENT_AUTHOR_MAX_LENGTH) } : {}),
  };
  passageTexts.set(source, passage.text);
  return source;
}

/**
 * Where 'View source' opens the passage: a PDF in the browser's viewer at its page (the spec's
 * `#page=N`), every other format in the source reader at the chunk, with the debate paragraph's
 * anchor when there is one.
 */
export function passageLink(
  passage: Pick<Passage, 'id' | 'documentId' | 'contentType' | 'page' | 'anchor'>,
): string {
  if (passage.contentType === 'application/pdf') {
    const base = documentFileUrl(passage.documentId);
    return passage.page ? `${base}#page=${passage.page}` : base;
  }
  return sourceReaderLink(passage.documentId, passage.id, paragraphIdOf(passage.anchor));
}

/** A chunk's anchor when it is a Constituent Assembly paragraph id ("11.165.2"), else null. */
export function paragraphIdOf(anchor: string | null): string | null {
  return anchor && PARAGRAPH_ID_PATTERN.test(anchor) ? anchor : null;
}

/**
 * In a PDF that binds several works, the title of the part a page is in: the chunker gives it,
 * in title case, as the passage's first heading ("Annihilation of Caste with a Reply to Mahatma
 * Gandhi" inside a book titled after its first chapter). Null elsewhere.
 */
export function partTitle(passage: Partial<Pick<Passage, 'page' | 'headingPath'>>): string | null {
  const part = passage.page ? passage.headingPath?.[0]?.trim() : undefined;
  return part && part !== part.toUpperCase() && part.split(/\s+/).length >= 3 ? part : null;
}

/**
 * The document's title for display (knowledge/title.ts chose it at ingestion), or undefined when
 * it is empty or the file name itself. A title made from the file name ("Annihilation of Caste"
 * for annihilation_of_caste.md) is kept: it may also be the work's real title.
 */
export function displayTitle(title: string, fileName: string): string | undefined {
  const flat = title.replace(/\s+/g, ' ').trim();
  if (!flat || flat === fileName) return undefined;
  return clipCodePoints(flat, SOURCE_TITLE_MAX_LENGTH);
}

/**
 * Whose words a source is, told to the reader only when they are not the reformer's (issue 18):
 * another person by name, the editor, or "Unknown speaker", so that unattributed words are
 * never taken for his. Undefined for the reformer's own words.
 */
export function speakerOf({
  speakerRole,
  speaker,
}: Pick<Attribution, 'speakerRole' | 'speaker'>): string | undefined {
  const name = speaker?.replace(/\s+/g, ' ').trim() ?? '';
  switch (speakerRole) {
    case 'reformer':
      return undefined;
    case 'other':
      // Someone else whose name the source does not give is, to the reader, not known.
      return name ? clipCodePoints(name, SOURCE_SPEAKER_MAX_LENGTH) : UNKNOWN_SPEAKER;
    case 'editor':
      return name
        ? `${clipCodePoints(name, SOURCE_SPEAKER_MAX_LENGTH - EDITOR_SUFFIX.length)}${EDITOR_SUFFIX}`
        : EDITOR_SPEAKER;
    default:
      return UNKNOWN_SPEAKER;
  }
}

const EDITOR_SUFFIX = ' (editor)';

function clipCodePoints(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : points.slice(0, max).join('').trimEnd();
}

/**
 * The passage's opening, whitespace collapsed, cut after the last full sentence (or word) that
 * fits in SOURCE_EXCERPT_MAX_LENGTH code points.
 */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = [...flat];
  if (points.length <= SOURCE_EXCERPT_MAX_LENGTH) return flat;
  const head = points.slice(0, SOURCE_EXCERPT_MAX_LENGTH - 1).join('');
  const sentenceEnd = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('? '),
    head.lastIndexOf('! '),
  );
  if (sentenceEnd > head.length / 2) return head.slice(0, sentenceEnd + 1);
  const wordEnd = head.lastIndexOf(' ');
  return `${(wordEnd > 0 ? head.slice(0, wordEnd) : head).replace(/[\s,;:]+$/, '')}…`;
}

/** This server's link to a document's file, with the PDF page it opens at (passageLink). */
const OWN_DOCUMENT_LINK =
  /^\/api\/documents\/([A-Za-z0-9_-]{1,64})\/file(?:#page=([1-9]\d{0,5}))?$/;

/**
 * A source's link rebuilt from its parts when it points at one of this server's documents (its
 * file, or the source reader), else none (issue 19): a shared conversation never sends its reader
 * elsewhere from 'View source'.
 */
export function ownDocumentLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  const reader = parseSourceReaderLink(link);
  if (reader) return sourceReaderLink(reader.documentId, reader.chunkId, reader.paragraphId);
  const match = OWN_DOCUMENT_LINK.exec(link);
  if (!match?.[1]) return undefined;
  return `${documentFileUrl(match[1])}${match[2] ? `#page=${match[2]}` : ''}`;
}

/** The source with its link kept only when it is this server's (ownDocumentLink). */
export function withOwnLink<T extends { link?: string | undefined }>(source: T): T {
  const { link, ...rest } = source;
  const own = ownDocumentLink(link);
  return (own ? { ...rest, link: own } : rest) as T;
}
