/**
 * Titles from copies of the same work (issue #29 item 5). A file that names itself nowhere (an
 * excerpt cut from Annihilation of Caste, saved as baws_data8.txt) is titled by its file name
 * at ingestion; when another document of the knowledge base holds its words, it is a copy of
 * that work and takes the title that document's passage is cited under. "Holds" is item 4's
 * rule (answers/work-copies.ts): the words letter for letter, case and punctuation aside.
 * Both orders of arrival are covered: a new file-name-titled document looks for a titled copy,
 * and a new titled document gives its title to the file-name-titled ones it holds.
 */
import { TITLE_SOURCES, type TitleSource } from '@samvad/contracts/admin-document-rules';
import { holds } from '../answers/work-copies.ts';
import type { Database } from '../db/database.ts';
import type { DocumentRow } from '../db/schema.ts';
import { splitSentences } from '../knowledge/language.ts';
import { titleFromFileName } from '../knowledge/title.ts';
import { partTitle } from '../presenters/source-presenter.ts';
import {
  type CopyCandidateRow,
  findChunksHoldingAny,
  findFileNameTitled,
  sampleChunkTexts,
  setTitleFromCopy,
} from '../repositories/copy-title-repository.ts';

/** Sentences compared per document, taken from this many chunks spread over it. */
const PROBE_COUNT = 5;
/** A shorter sentence is too common ("I do not agree with him") to tell one work. */
const PROBE_MIN_WORDS = 10;
/** The substring looked up in the database: this many words of the sentence, as typed. */
const KEY_WORDS = 5;

/** A sentence of a document, and the run of its words the database is searched for. */
export type TitleProbe = { sentence: string; key: string };

/**
 * Up to `count` long sentences spread over `texts`. Each key is a run of words separated by
 * single spaces only, so that punctuation a copy prints differently never hides it.
 */
export function titleProbes(texts: readonly string[], count = PROBE_COUNT): TitleProbe[] {
  const found: TitleProbe[] = [];
  for (const text of texts) {
    for (const sentence of splitSentences(text)) {
      const words = sentence.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
      if (words.length < PROBE_MIN_WORDS) continue;
      const runs = sentence.match(/[\p{L}\p{M}\p{N}]+(?: [\p{L}\p{M}\p{N}]+)*/gu) ?? [];
      const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
      const runWords = longest.split(' ');
      if (runWords.length < KEY_WORDS) continue;
      // The middle of the run: its ends are where a copy's punctuation or line break may differ.
      const from = Math.floor((runWords.length - KEY_WORDS) / 2);
      found.push({ sentence, key: runWords.slice(from, from + KEY_WORDS).join(' ') });
    }
  }
  if (found.length <= count) return found;
  return Array.from(
    { length: count },
    (_, i) => found[Math.round((i * (found.length - 1)) / Math.max(1, count - 1))] as TitleProbe,
  );
}

/**
 * A title taken from this document may name the work: an admin gave it, or it was not itself
 * a file name.
 */
function isTitled(
  row: Pick<CopyCandidateRow, 'title' | 'titleSource' | 'fileName' | 'titleOverride'>,
): boolean {
  if (row.titleOverride !== null) return true;
  if (row.titleSource === 'file_name') return false;
  // Ingested before title sources were recorded: titled unless its title is its file name.
  if (row.titleSource === null) return row.title !== titleFromFileName(row.fileName);
  return true;
}

/** Better sources first; unknown (before sources were recorded) after every known one. */
function sourceRank(source: TitleSource | null): number {
  return source === null ? TITLE_SOURCES.length : TITLE_SOURCES.indexOf(source);
}

/**
 * The title a document whose sentences are `probes` takes from its copies among `candidates`:
 * that of the titled document holding the most of them (at least half, and two), ties to the
 * better title source, then the copy with pages. The title is the one its passage is cited
 * under: a PDF binding several works names the part the sentences are in. Null when no copy.
 */
export function titleFromCopies(
  probes: readonly TitleProbe[],
  candidates: readonly CopyCandidateRow[],
): { documentId: string; title: string } | null {
  const needed = Math.max(2, Math.ceil(probes.length / 2));
  if (probes.length < needed) return null;
  const held = new Map<string, { row: CopyCandidateRow; probes: Set<number> }>();
  for (const row of candidates) {
    if (!isTitled(row)) continue;
    probes.forEach((probe, index) => {
      if (!row.text.includes(probe.key) || !holds(row.text, probe.sentence)) return;
      const entry = held.get(row.documentId) ?? { row, probes: new Set<number>() };
      entry.probes.add(index);
      held.set(row.documentId, entry);
    });
  }
  const copies = [...held.values()].filter((entry) => entry.probes.size >= needed);
  copies.sort(
    (a, b) =>
      b.probes.size - a.probes.size ||
      sourceRank(a.row.titleSource) - sourceRank(b.row.titleSource) ||
      Number(b.row.page !== null) - Number(a.row.page !== null) ||
      a.row.documentId.localeCompare(b.row.documentId),
  );
  const best = copies[0]?.row;
  if (!best) return null;
  const title = (partTitle(best) ?? best.titleOverride ?? best.title).replace(/\s+/g, ' ').trim();
  return title ? { documentId: best.documentId, title } : null;
}

async function probesOf(db: Database, documentId: string): Promise<TitleProbe[]> {
  return titleProbes(await sampleChunkTexts(db, documentId, PROBE_COUNT));
}

/**
 * Run after a document is written. Titled by its file name: it takes a copy's title when one
 * exists. Titled otherwise: the file-name-titled documents it holds take its title. Returns the
 * document as it now stands. Never fails an ingest that has committed: a title that could not
 * be settled stays as ingestion read it.
 */
export async function settleCopyTitles(db: Database, document: DocumentRow): Promise<DocumentRow> {
  let settled = document;
  try {
    if (document.titleSource === 'file_name') {
      const probes = await probesOf(db, document.id);
      const candidates = await findChunksHoldingAny(
        db,
        probes.map((probe) => probe.key),
        { exceptDocumentId: document.id },
      );
      const copy = titleFromCopies(probes, candidates);
      const titled = copy ? await setTitleFromCopy(db, document.id, copy.title) : null;
      if (!titled) return document;
      settled = titled;
    }
    for (const untitled of await findFileNameTitled(db, document.id)) {
      const probes = await probesOf(db, untitled.id);
      const candidates = await findChunksHoldingAny(
        db,
        probes.map((probe) => probe.key),
        { onlyDocumentId: document.id },
      );
      const copy = titleFromCopies(probes, candidates);
      if (copy) await setTitleFromCopy(db, untitled.id, copy.title);
    }
  } catch {
    // The document is in; its title (or its copies') stays as ingestion read it.
  }
  return settled;
}
