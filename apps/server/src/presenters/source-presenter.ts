import {
  EDITOR_SPEAKER,
  SOURCE_SPEAKER_MAX_LENGTH,
  UNKNOWN_SPEAKER,
} from '@samvad/contracts/source-rules';
import { SOURCE_EXCERPT_MAX_LENGTH, type Source } from '@samvad/contracts/sources';
import type { Attribution } from '../knowledge/attribution.ts';
import { documentFileUrl, type Passage } from '../services/knowledge-index.ts';

export function presentSource(passage: Passage): Source {
  const speaker = speakerOf(passage);
  return {
    file_name: passage.fileName,
    page: passage.page,
    page_label: passage.pageLabel,
    score: Math.min(1, Math.max(0, passage.score)),
    link: passage.link,
    excerpt: excerptOf(passage.text),
    ...(speaker ? { speaker } : {}),
  };
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

/** This server's link to a document's file, with the PDF page it opens at (sourceLink). */
const OWN_DOCUMENT_LINK =
  /^\/api\/documents\/([A-Za-z0-9_-]{1,64})\/file(?:#page=([1-9]\d{0,5}))?$/;

/**
 * A source's link rebuilt from its parts when it points at one of this server's documents, else
 * none (issue 19): a shared conversation never sends its reader elsewhere from 'View source'.
 */
export function ownDocumentLink(link: string | undefined): string | undefined {
  const match = link ? OWN_DOCUMENT_LINK.exec(link) : null;
  if (!match?.[1]) return undefined;
  return `${documentFileUrl(match[1])}${match[2] ? `#page=${match[2]}` : ''}`;
}

/** The source with its link kept only when it is this server's (ownDocumentLink). */
export function withOwnLink<T extends { link?: string | undefined }>(source: T): T {
  const { link, ...rest } = source;
  const own = ownDocumentLink(link);
  return (own ? { ...rest, link: own } : rest) as T;
}
