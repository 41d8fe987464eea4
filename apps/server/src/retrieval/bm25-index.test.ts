import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from '../../test/support/corpus.ts';
import { BM25_B, BM25_K1, Bm25Index } from './bm25-index.ts';

type Doc = { id: string; chunks: { id: string; text: string }[] };

const corpus: Doc[] = [
  { id: 'aoc', chunks: [{ id: 'aoc-1', text: 'Caste caste system of the Hindus' }] },
  { id: 'reform', chunks: [{ id: 'reform-1', text: 'Social reform before caste' }] },
  { id: 'cad', chunks: [{ id: 'cad-1', text: 'Social democracy and political democracy' }] },
];

function build(docs: readonly Doc[], index = new Bm25Index()): Bm25Index {
  for (const doc of docs) index.upsertDocument(doc.id, doc.chunks);
  return index;
}

/** Lucene BM25 of one term, written out from the formula. */
function bm25(tf: number, dl: number, avgdl: number, n: number, df: number): number {
  const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  return (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * dl) / avgdl));
}

const withoutBytes = ({ approxBytes: _, ...rest }: ReturnType<Bm25Index['stats']>) => rest;

describe('Bm25Index scoring', () => {
  it('ranks by BM25 exactly as the formula gives', () => {
    const index = build(corpus);
    // Terms after stop words: aoc [cast cast system hindu] 4, reform [social reform cast] 3,
    // cad [social democraci polit democraci] 4: N = 3, avgdl = 11/3, df(cast) = 2.
    const hits = index.search('caste', { limit: 10 });
    expect(hits.map((hit) => hit.chunkId)).toEqual(['aoc-1', 'reform-1']);
    expect(hits[0]?.score).toBeCloseTo(bm25(2, 4, 11 / 3, 3, 2), 12);
    expect(hits[1]?.score).toBeCloseTo(bm25(1, 3, 11 / 3, 3, 2), 12);
    expect(hits[0]?.documentId).toBe('aoc');

    const two = index.search('social democracy', { limit: 10 });
    expect(two[0]?.chunkId).toBe('cad-1');
    const expected = bm25(1, 4, 11 / 3, 3, 2) + bm25(2, 4, 11 / 3, 3, 1);
    expect(two[0]?.score).toBeCloseTo(expected, 12);
  });

  it('normalises by the unreachable bound Σ idf·(k1+1), whatever the result size', () => {
    const index = build(corpus);
    const [top] = index.search('caste', { limit: 1 });
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5));
    expect(top?.normalizedScore).toBeCloseTo((top?.score ?? 0) / (idf * (BM25_K1 + 1)), 12);
    const all = index.search('caste', { limit: 10 });
    expect(all[0]?.normalizedScore).toBe(top?.normalizedScore);
    expect(all[0]?.normalizedScore).toBeGreaterThan(all[1]?.normalizedScore ?? 1);
    for (const hit of all) expect(hit.normalizedScore).toBeLessThan(1);
    // A term the corpus never uses leaves the raw score alone but lowers the share matched.
    const [withUnknown] = index.search('caste zoroaster', { limit: 1 });
    expect(withUnknown?.score).toBe(top?.score);
    expect(withUnknown?.normalizedScore).toBeLessThan((top?.normalizedScore ?? 0) / 2);
  });

  it('returns nothing for empty, stop-word-only or unmatched queries, or limit 0', () => {
    const index = build(corpus);
    expect(index.search('', { limit: 5 })).toEqual([]);
    expect(index.search('what is the', { limit: 5 })).toEqual([]);
    expect(index.search('zoroaster', { limit: 5 })).toEqual([]);
    expect(index.search('caste', { limit: 0 })).toEqual([]);
    expect(new Bm25Index().search('caste', { limit: 5 })).toEqual([]);
  });

  it('keeps the best `limit` results and restricts to documentIds', () => {
    const index = build(corpus);
    expect(index.search('caste social', { limit: 1 })).toHaveLength(1);
    const filtered = index.search('caste', { limit: 10, documentIds: new Set(['reform']) });
    expect(filtered.map((hit) => hit.chunkId)).toEqual(['reform-1']);
  });

  it('breaks score ties by chunk id, whatever the insertion order', () => {
    const docs = ['z', 'b', 'm'].map((id) => ({
      id: `doc-${id}`,
      chunks: [{ id, text: `caste ${id}ward` }],
    }));
    const forward = build(docs).search('caste', { limit: 3 });
    const backward = build([...docs].reverse()).search('caste', { limit: 3 });
    expect(forward.map((hit) => hit.chunkId)).toEqual(['b', 'm', 'z']);
    expect(new Set(forward.map((hit) => hit.score)).size).toBe(1);
    expect(backward).toEqual(forward);
    expect(
      build(docs)
        .search('caste', { limit: 2 })
        .map((hit) => hit.chunkId),
    ).toEqual(['b', 'm']);
  });
});

describe('Bm25Index fields', () => {
  it("searches a chunk's title and headings with its text, at the field weight", () => {
    const index = new Bm25Index({ fieldWeight: 2 });
    index.upsertDocument('book', [
      { id: 'a', text: 'The remedy is intermarriage.', fields: 'Annihilation of Caste' },
      { id: 'b', text: 'The remedy is intermarriage.', fields: 'Castes in India' },
      { id: 'c', text: 'Nothing about it here at all.', fields: 'Annihilation of Caste' },
    ]);
    // a and b have equal text: one passage (the first), found by either its words or a title.
    expect(index.search('remedy', { limit: 5 }).map((hit) => hit.chunkId)).toEqual(['a']);
    expect(
      index
        .search('annihilation', { limit: 5 })
        .map((hit) => hit.chunkId)
        .sort(),
    ).toEqual(['a', 'c']);
    const plain = new Bm25Index({ fieldWeight: 0 });
    plain.upsertDocument('book', [
      { id: 'a', text: 'The remedy.', fields: 'Annihilation of Caste' },
    ]);
    expect(plain.search('annihilation', { limit: 5 })).toEqual([]);
  });

  it("tells how many of a query's terms no passage contains", () => {
    const index = new Bm25Index();
    index.upsertDocument('d', [{ id: 'a', text: 'Caste and the Shastras.' }]);
    expect(index.unknownTerms('caste paneer masala')).toEqual({ terms: 3, unknown: 2 });
    index.removeDocument('d');
    expect(index.unknownTerms('caste')).toEqual({ terms: 1, unknown: 1 });
  });

  it('counts Devanagari terms too, an unknown one as two thirds of a term; Tamil not at all', () => {
    const index = new Bm25Index();
    index.upsertDocument('d', [{ id: 'a', text: 'अछूतों की समस्याएं अनेक हैं। சாதி' }]);
    // "अछूत" is held (stemmed from अछूतों), "पनीर" is not; the Tamil word is not counted.
    expect(index.unknownTerms('अछूत पनीर சாதி')).toEqual({ terms: 2, unknown: 2 / 3 });
  });
});

describe('Bm25Index updates', () => {
  it('replaces a document on upsert', () => {
    const index = build(corpus);
    index.upsertDocument('aoc', [{ id: 'aoc-2', text: 'Annihilation of untouchability' }]);
    expect(index.search('caste', { limit: 10 }).map((hit) => hit.chunkId)).toEqual(['reform-1']);
    expect(index.search('untouchability', { limit: 10 }).map((hit) => hit.chunkId)).toEqual([
      'aoc-2',
    ]);
    expect(index.size).toBe(3);
  });

  it('after removals, scores and stats equal those of an index built without them', () => {
    const extra: Doc = {
      id: 'extra',
      chunks: [
        { id: 'extra-1', text: 'Caste is a state of mind, caste is a notion' },
        { id: 'extra-2', text: 'Democracy is a mode of associated living' },
      ],
    };
    const index = build([corpus[0], extra, ...corpus.slice(1)].filter((doc) => doc !== undefined));
    index.removeDocument('extra');
    index.removeDocument('nothing-here');
    const fresh = build(corpus);
    for (const query of ['caste', 'democracy social', 'hindus caste reform']) {
      expect(index.search(query, { limit: 10 })).toEqual(fresh.search(query, { limit: 10 }));
    }
    expect(withoutBytes(index.stats())).toEqual(withoutBytes(fresh.stats()));
    // Distinct terms: cast system hindu | social reform (cast) | (social) democraci polit.
    expect(index.stats()).toMatchObject({ documents: 3, chunks: 3, passages: 3, terms: 7 });
    expect(index.stats().postings).toBe(9);
  });

  it('stays correct after removing most documents triggers renumbering', () => {
    const docs: Doc[] = Array.from({ length: 1500 }, (_, i) => ({
      id: `doc-${i}`,
      chunks: [
        { id: `c-${i}`, text: `caste number ${i % 7 === 0 ? 'untouchability' : 'reform'} ${i}` },
        { id: `shared-${i}`, text: 'A passage every document repeats' },
      ],
    }));
    const index = build(docs);
    const kept = docs.filter((_, i) => i % 10 === 3);
    for (const doc of docs) if (!kept.includes(doc)) index.removeDocument(doc.id);
    const fresh = build(kept);
    expect(withoutBytes(index.stats())).toEqual(withoutBytes(fresh.stats()));
    for (const query of ['caste untouchability', 'reform 1403', 'passage repeats']) {
      expect(index.search(query, { limit: 20 })).toEqual(fresh.search(query, { limit: 20 }));
    }
    // The shared passage is still reported through the earliest inserted remaining copy.
    expect(index.search('passage repeats', { limit: 5 }).map((hit) => hit.chunkId)).toEqual([
      'shared-3',
    ]);
    index.upsertDocument('late', [{ id: 'late-1', text: 'untouchability late arrival' }]);
    expect(index.search('late arrival', { limit: 1 })[0]?.chunkId).toBe('late-1');
  });

  it('rejects a chunk id owned by another document and stays unchanged', () => {
    const index = build(corpus);
    const before = index.search('caste', { limit: 10 });
    expect(() => index.upsertDocument('other', [{ id: 'aoc-1', text: 'stolen caste' }])).toThrow(
      /aoc-1/,
    );
    expect(() =>
      index.upsertDocument('reform', [
        { id: 'x', text: 'one' },
        { id: 'x', text: 'two' },
      ]),
    ).toThrow(/x/);
    expect(index.search('caste', { limit: 10 })).toEqual(before);
    expect(index.stats().documents).toBe(3);
  });
});

describe('Bm25Index duplicates', () => {
  const original: Doc = {
    id: 'baws-castes-in-india',
    chunks: [{ id: 'baws-7', text: 'Endogamy is the only characteristic peculiar to caste.' }],
  };
  const copy: Doc = {
    id: 'ambedkar-book',
    chunks: [{ id: 'book-7', text: 'ENDOGAMY  is the only characteristic\npeculiar to Caste' }],
  };

  it('returns a passage present in two documents once, through the first inserted copy', () => {
    const index = build([original, copy, ...corpus]);
    const hits = index.search('endogamy caste', { limit: 10 });
    expect(hits.filter((hit) => hit.chunkId === 'baws-7' || hit.chunkId === 'book-7')).toEqual([
      expect.objectContaining({ chunkId: 'baws-7', documentId: 'baws-castes-in-india' }),
    ]);
    expect(index.stats()).toMatchObject({ chunks: 5, passages: 4 });
    const reversed = build([copy, original, ...corpus]);
    expect(reversed.search('endogamy', { limit: 10 }).map((hit) => hit.chunkId)).toEqual([
      'book-7',
    ]);
  });

  it('counts the passage once in the statistics', () => {
    const index = build([original, copy, ...corpus]);
    const single = build([original, ...corpus]);
    expect(index.search('caste endogamy', { limit: 10 })).toEqual(
      single.search('caste endogamy', { limit: 10 }),
    );
  });

  it('finds the other copy when one document is removed or filtered out', () => {
    const index = build([original, copy, ...corpus]);
    const onlyBook = index.search('endogamy', { limit: 5, documentIds: new Set([copy.id]) });
    expect(onlyBook.map((hit) => hit.chunkId)).toEqual(['book-7']);
    index.removeDocument(original.id);
    expect(index.search('endogamy', { limit: 5 }).map((hit) => hit.chunkId)).toEqual(['book-7']);
    index.upsertDocument(original.id, original.chunks);
    expect(index.search('endogamy', { limit: 5 }).map((hit) => hit.chunkId)).toEqual(['book-7']);
    index.removeDocument(copy.id);
    index.removeDocument(original.id);
    expect(index.search('endogamy', { limit: 5 })).toEqual([]);
    expect(index.stats()).toMatchObject({ documents: 3, passages: 3, terms: 7 });
  });

  it('does not merge passages that differ in a stop word', () => {
    const index = build([
      { id: 'a', chunks: [{ id: 'a-1', text: 'He was right.' }] },
      { id: 'b', chunks: [{ id: 'b-1', text: 'They were right.' }] },
    ]);
    expect(index.search('right', { limit: 5 }).map((hit) => hit.chunkId)).toEqual(['a-1', 'b-1']);
  });
});

describe.runIf(corpusAvailable)('Bm25Index on the real corpus', () => {
  const chunked = (id: string, text: string): Doc => {
    const words = text.split(/\s+/);
    const chunks = [];
    for (let i = 0; i * 200 < words.length; i++) {
      chunks.push({ id: `${id}#${i}`, text: words.slice(i * 200, i * 200 + 250).join(' ') });
    }
    return { id, chunks };
  };
  const files = [
    'kalpit/speech1.txt',
    'kalpit/speech2.txt',
    'kalpit/speech3.txt',
    'ambedkar/text/castes_in_india.md',
    'indic/ta_castes_in_india_tamil.txt',
  ];
  const index = build(files.map((file) => chunked(file, readFileSync(corpusFile(file), 'utf8'))));

  it('answers a Tamil query from the Tamil text', () => {
    const hits = index.search('இந்தியாவில் சாதிகள்', { limit: 5 });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.documentId).toBe('indic/ta_castes_in_india_tamil.txt');
  });

  it('puts the passage a question is about first', () => {
    const [top] = index.search(
      'Who said political democracy cannot last without social democracy?',
      {
        limit: 1,
      },
    );
    expect(top?.documentId).toBe('kalpit/speech3.txt');
    const [buddha] = index.search('What was the Buddha’s view of ritualism?', { limit: 1 });
    expect(buddha?.documentId).toBe('kalpit/speech2.txt');
  });
});
