/**
 * Keeps the knowledge index's snapshot (ADR 026): turns the index's parts into a snapshot and
 * back, and writes it after changes, one write at a time, never while changes are half applied.
 */
import { Bm25Index } from './bm25-index.ts';
import { checkSnapshotParts } from './index-snapshot-check.ts';
import {
  indexCodeFingerprint,
  type KnowledgeSnapshotFile,
  type SnapshotLabel,
} from './knowledge-snapshot.ts';
import type { ChunkMeta } from './passage.ts';
import { prefixParts, type SnapshotParts, unprefixParts } from './snapshot-codec.ts';
import { VectorIndex } from './vector-index.ts';

export type SnapshotEvent =
  | { event: 'loaded'; position: number; behind: number; ms: number }
  | { event: 'unusable'; reason: string }
  | { event: 'saved'; position: number; bytes: number; ms: number }
  | { event: 'failed'; error: unknown };

/** The index's parts, as the knowledge index holds them. */
export type IndexContents = {
  bm25: Bm25Index;
  vectors: VectorIndex | null;
  meta: Map<string, ChunkMeta>;
  chunkIdsByDocument: Map<string, string[]>;
};

/** Document-wide fields stored once per document, not once per chunk. */
type DocumentField =
  | 'fileName'
  | 'contentType'
  | 'title'
  | 'titleOverride'
  | 'author'
  | 'volume'
  | 'year';

type SnapshotJson = {
  documents: ({ id: string } & Pick<ChunkMeta, DocumentField>)[];
  chunks: Omit<ChunkMeta, DocumentField>[][];
};

export class IndexSnapshotKeeper {
  private readonly file: KnowledgeSnapshotFile;
  private readonly settings: unknown;
  readonly onEvent: (event: SnapshotEvent) => void;
  private readonly contents: IndexContents;
  /** The change-log position the contents hold, and whether changes are being applied. */
  private readonly state: () => { position: number; applying: boolean };
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> | null = null;
  private savedOnce = false;

  constructor(options: {
    file: KnowledgeSnapshotFile;
    settings: unknown;
    onEvent: (event: SnapshotEvent) => void;
    contents: IndexContents;
    state: () => { position: number; applying: boolean };
  }) {
    this.file = options.file;
    this.settings = options.settings;
    this.onEvent = options.onEvent;
    this.contents = options.contents;
    this.state = options.state;
  }

  /**
   * Puts the snapshot's parts into the contents (all or nothing) and returns its label, or null
   * when there is no usable snapshot (the contents are then untouched).
   */
  async restore(): Promise<SnapshotLabel | null> {
    const found = await this.file.read({
      fingerprint: await indexCodeFingerprint(),
      settings: this.settings,
    });
    if ('unusable' in found) {
      this.onEvent({ event: 'unusable', reason: found.unusable });
      return null;
    }
    const { contents } = this;
    let restored: Omit<IndexContents, 'bm25'> & { bm25: Bm25Index | null };
    try {
      restored = fromSnapshot(found.parts, contents);
    } catch (error) {
      // A snapshot of this code and settings that still does not fit: damaged, so rebuilt.
      this.onEvent({ event: 'unusable', reason: `unreadable: ${(error as Error).message}` });
      return null;
    }
    if (!restored.bm25) {
      this.onEvent({ event: 'unusable', reason: 'made with other ranking options' });
      return null;
    }
    contents.bm25.adopt(restored.bm25);
    if (restored.vectors) contents.vectors?.adopt(restored.vectors);
    for (const key of ['meta', 'chunkIdsByDocument'] as const) contents[key].clear();
    for (const [id, row] of restored.meta) contents.meta.set(id, row);
    for (const [id, ids] of restored.chunkIdsByDocument) contents.chunkIdsByDocument.set(id, ids);
    this.savedOnce = true;
    return found.label;
  }

  /** Writes the snapshot after `delayMs` of quiet. */
  saveSoon(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Not while changes are half applied: the position would claim documents not yet read.
      if (this.saving || this.state().applying) {
        this.saveSoon(Math.max(delayMs, 1000));
        return;
      }
      this.startSaving();
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Writes the snapshot now if changes since the last one are waiting (or none was written), and
   * resolves once it is on disk: at shutdown, so the next start needs no catching up.
   */
  async flush(waitForChanges: () => Promise<unknown>): Promise<void> {
    await this.saving;
    if (!this.timer && this.savedOnce) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await waitForChanges();
    await this.startSaving();
  }

  private startSaving(): Promise<void> {
    this.saving = this.save().finally(() => {
      this.saving = null;
    });
    return this.saving;
  }

  private async save(): Promise<void> {
    const started = performance.now();
    try {
      const fingerprint = await indexCodeFingerprint();
      // From here to the write, one turn of the event loop: the parts and position agree.
      const label = {
        fingerprint,
        settings: this.settings,
        position: this.state().position,
        savedAt: Date.now(),
      };
      const bytes = await this.file.write(label, this.export());
      this.savedOnce = true;
      const ms = Math.round(performance.now() - started);
      this.onEvent({ event: 'saved', position: label.position, bytes, ms });
    } catch (error) {
      this.onEvent({ event: 'failed', error });
    }
  }

  private export(): SnapshotParts {
    const { bm25, vectors, meta, chunkIdsByDocument } = this.contents;
    const json: SnapshotJson = { documents: [], chunks: [] };
    for (const [id, chunkIds] of chunkIdsByDocument) {
      const first = meta.get(chunkIds[0] ?? '');
      json.documents.push({
        id,
        fileName: first?.fileName ?? '',
        contentType: first?.contentType ?? '',
        title: first?.title ?? '',
        titleOverride: first?.titleOverride ?? null,
        author: first?.author ?? null,
        volume: first?.volume ?? null,
        year: first?.year ?? null,
      });
      json.chunks.push(
        chunkIds.flatMap((chunkId) => {
          const row = meta.get(chunkId);
          if (!row) return [];
          const {
            fileName: _f,
            contentType: _c,
            title: _t,
            titleOverride: _o,
            author: _a,
            volume: _v,
            year: _y,
            ...own
          } = row;
          return [own];
        }),
      );
    }
    return prefixParts({
      bm25: bm25.exportState(),
      vectors: vectors ? vectors.exportState() : { json: null, arrays: {} },
      knowledge: { json, arrays: {} },
    });
  }
}

/** The parts a snapshot holds, built apart from the live index (null bm25: other options). */
function fromSnapshot(whole: SnapshotParts, live: IndexContents) {
  checkSnapshotParts(whole, live.vectors !== null);
  const parts = unprefixParts(whole, ['bm25', 'vectors', 'knowledge']);
  const json = parts.knowledge.json as SnapshotJson;
  const meta = new Map<string, ChunkMeta>();
  const chunkIdsByDocument = new Map<string, string[]>();
  json.documents.forEach(({ id, ...shared }, i) => {
    const rows = json.chunks[i] ?? [];
    for (const row of rows) meta.set(row.id, { ...row, ...shared });
    chunkIdsByDocument.set(
      id,
      rows.map((row) => row.id),
    );
  });
  return {
    bm25: Bm25Index.fromState(parts.bm25, live.bm25.options),
    vectors: live.vectors ? VectorIndex.fromState(parts.vectors) : null,
    meta,
    chunkIdsByDocument,
  };
}
