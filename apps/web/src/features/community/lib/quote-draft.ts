import type { QuoteSource } from '@samvad/contracts/community';
import { codePointLength, POST_MAX_LENGTH } from '@samvad/contracts/community-rules';
import { parseSourceReaderLink, SOURCE_SPEAKER_MAX_LENGTH } from '@samvad/contracts/source-rules';

/** A quote on its way from a chat answer to the composer: the passage and where it is from. */
export type QuoteDraft = { content: string; source: QuoteSource };

/**
 * 'Post as quote' under a chat answer goes to /community?quote=1 with router state
 * `{ quote: { excerpt, source: { file_name, page, page_label, link, speaker? } } }` (the chat's
 * source shape; see message-content/components/source-row.tsx; `speaker` only when the words are
 * not the reformer's). History state can hold anything, so it
 * is read as untrusted input and cut to what the post API accepts.
 */
export function quoteDraftFromState(state: unknown): QuoteDraft | null {
  if (!isRecord(state) || !isRecord(state.quote)) return null;
  const { excerpt, source } = state.quote;
  if (typeof excerpt !== 'string' || !isRecord(source)) return null;
  const content = clip(excerpt.trim(), POST_MAX_LENGTH);
  const fileName = typeof source.file_name === 'string' ? source.file_name.trim() : '';
  if (!content || !fileName) return null;
  const speaker = typeof source.speaker === 'string' ? source.speaker.trim() : '';
  const title = typeof source.title === 'string' ? source.title.trim() : '';
  return {
    content,
    source: {
      fileName: clip(fileName, 300),
      // The work's title names the quote's source; the file name only where there is none.
      ...(title ? { title: clip(title, 300) } : {}),
      page: validPage(source.page),
      pageLabel: typeof source.page_label === 'string' ? clip(source.page_label, 40) : null,
      link: documentLink(source.link),
      // Only when present: a quote of the reformer's own words is sent as it always was.
      ...(speaker ? { speaker: clip(speaker, SOURCE_SPEAKER_MAX_LENGTH) } : {}),
    },
  };
}

/** The query parameter that says "a quote is coming" (its text travels in router state). */
export const QUOTE_PARAM = 'quote';

// Session storage keeps the draft across the sign-in redirect and the create-profile detour.
const STORAGE_KEY = 'samvad.quoteDraft';

export function storeQuoteDraft(draft: QuoteDraft): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft is only a convenience.
  }
}

/** The stored draft, if any (it stays until cleared: a composer clears it once it has it). */
export function readQuoteDraft(): QuoteDraft | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || !isRecord(value.source)) return null;
    const { source } = value;
    // Stored in the post's own shape; read back through the same checks.
    return quoteDraftFromState({
      quote: {
        excerpt: value.content,
        source: {
          file_name: source.fileName,
          title: source.title,
          page: source.page,
          page_label: source.pageLabel,
          link: source.link,
          speaker: source.speaker,
        },
      },
    });
  } catch {
    return null;
  }
}

export function clearQuoteDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear without storage.
  }
}

export function hasQuoteDraft(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** "Annihilation of Caste, p. 67": how a quote's work and page are named under it. */
export function quoteSourceLabel(source: QuoteSource): string {
  const { file, page } = quoteSourceParts(source);
  return `${file}${page}`;
}

/**
 * The label in two parts: the work (its title; the file name only in posts made before titles
 * travelled with quotes), which may be cut on a narrow screen, and ", p. N", never cut.
 */
export function quoteSourceParts(source: QuoteSource): { file: string; page: string } {
  const page = source.pageLabel?.trim() || (source.page != null ? String(source.page) : '');
  return { file: source.title?.trim() || source.fileName, page: page ? `, p. ${page}` : '' };
}

/**
 * "T. T. Krishnamachari": whose words a quote is when they are not the reformer's, else null
 * (the quote's own attribution line says the rest: "— T. T. Krishnamachari, in cad.html, p. 4").
 */
export function quoteSpeaker(source: QuoteSource): string | null {
  return source.speaker?.trim() || null;
}

// The post API only takes links into the app's own documents (quoteSourceSchema).
const DOCUMENT_LINK = /^\/api\/documents\/[\w-]+\/file(#page=\d+)?$/;

/**
 * The link when it points into the app's documents, else null. A source reader link
 * (`/sources/<id>?chunk=…`, issue 20) becomes its document's file: the post API takes only those.
 */
export function documentLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (DOCUMENT_LINK.test(value)) return value;
  const reader = parseSourceReaderLink(value);
  return reader ? `/api/documents/${reader.documentId}/file` : null;
}

function validPage(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000
    ? value
    : null;
}

/** The first `max` code points (an emoji is never cut in half). */
function clip(text: string, max: number): string {
  return codePointLength(text) <= max ? text : Array.from(text).slice(0, max).join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
