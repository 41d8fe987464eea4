import { readFileSync } from 'node:fs';
import type { Persona } from '@samvad/contracts/persona';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPersona } from '../src/config/persona.ts';
import { chunks, documents } from '../src/db/schema.ts';
import { ATTRIBUTION_VERSION } from '../src/knowledge/attribute.ts';
import { type IngestionDeps, ingestFile } from '../src/services/ingestion-service.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const SITTING = 'cad_volume_11_25-nov-1949.html';
const bytes = () =>
  new Uint8Array(readFileSync(corpusFile('ambedkar', 'constituent_assembly', SITTING)));

let t: TestApp;
let persona: Persona;
let deps: IngestionDeps;

beforeAll(async () => {
  t = await createTestApp();
  persona = await loadPersona(t.config.personaFile);
  deps = {
    db: t.database.db,
    files: t.knowledge.files,
    maxFileBytes: t.config.knowledge.maxFileBytes,
    persona,
  };
});
afterAll(() => t.close());

describe.runIf(corpusAvailable)(
  'chunk attribution in the knowledge base',
  { timeout: 120_000 },
  () => {
    it('stores whose words each chunk holds, and the index passes it on', async () => {
      const outcome = await ingestFile(deps, { fileName: SITTING, bytes: bytes() });
      expect(outcome.status).toBe('ingested');
      if (outcome.status !== 'ingested') return;
      expect(outcome.document.attributionVersion).toBe(ATTRIBUTION_VERSION);
      const rows = await t.database.db
        .select({
          role: chunks.speakerRole,
          speaker: chunks.speaker,
          n: sql<number>`count(*)::int`,
        })
        .from(chunks)
        .groupBy(chunks.speakerRole, chunks.speaker);
      expect(rows).toContainEqual(
        expect.objectContaining({ role: 'reformer', speaker: persona.reformerName }),
      );
      expect(rows).toContainEqual(
        expect.objectContaining({ role: 'other', speaker: 'T. T. Krishnamachari' }),
      );

      await t.knowledge.index.sync();
      const [best] = await t.knowledge.index.search('abandon the bloody methods of revolution', 3);
      expect(best?.speakerRole).toBe('reformer');
      expect(best?.textKind).toBe('speech');
    });

    it('re-attributes a document ingested before chunks knew their speakers', async () => {
      // A knowledge base from before the migration: version 0, every chunk 'unknown'.
      await t.database.db.update(documents).set({ attributionVersion: 0 });
      await t.database.db
        .update(chunks)
        .set({ speakerRole: 'unknown', speaker: null, textKind: 'unknown' });

      const again = await ingestFile(deps, { fileName: SITTING, bytes: bytes() });
      expect(again.status).toBe('replaced');
      const reformer = await t.database.db
        .select({ id: chunks.id })
        .from(chunks)
        .where(eq(chunks.speakerRole, 'reformer'));
      expect(reformer.length).toBeGreaterThan(10);

      // Now up to date: the same file is skipped as before.
      const third = await ingestFile(deps, { fileName: SITTING, bytes: bytes() });
      expect(third.status).toBe('skipped');
    });
  },
);
