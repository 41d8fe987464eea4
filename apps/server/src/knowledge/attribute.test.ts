import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from '../../test/support/corpus.ts';
import { attributeDocument } from './attribute.ts';
import type { Attribution } from './attribution.ts';
import { chunkDocument } from './chunker.ts';
import { loadDocument } from './load-document.ts';
import { defaultReformerNames, type ReformerNames, SpeakerNames } from './speaker-names.ts';
import type { ChunkDraft, LoadedDocument } from './types.ts';

const loaded = new Map<string, Promise<LoadedDocument>>();
/** Each corpus file is read once per run; attribution is redone per persona. */
function load(...parts: string[]): Promise<LoadedDocument> {
  const file = corpusFile(...parts);
  let doc = loaded.get(file);
  if (!doc) {
    doc = loadDocument({
      fileName: path.basename(file),
      bytes: new Uint8Array(readFileSync(file)),
    });
    loaded.set(file, doc);
  }
  return doc;
}

let ambedkar: ReformerNames;
const gandhi: ReformerNames = {
  reformerName: 'Mahatma Gandhi',
  reformerAliases: ['Gandhi', 'M. K. Gandhi', 'Gandhiji'],
};

async function chunksOf(persona: ReformerNames, ...parts: string[]): Promise<ChunkDraft[]> {
  return chunkDocument(attributeDocument(await load(...parts), persona));
}

/** The attribution of the one chunk holding `phrase` (several copies must agree). */
function voiceOf(chunks: readonly ChunkDraft[], phrase: string): Attribution {
  const holding = chunks.filter((chunk) => chunk.text.replace(/\s+/g, ' ').includes(phrase));
  expect(holding.length, phrase).toBeGreaterThan(0);
  const voices = new Set(holding.map((chunk) => JSON.stringify(chunk.attribution)));
  expect(voices.size, phrase).toBe(1);
  return holding[0]?.attribution as Attribution;
}

const REFORMER = { speakerRole: 'reformer', speaker: 'Dr. B. R. Ambedkar' };

beforeAll(async () => {
  ambedkar = await defaultReformerNames();
});

describe.skipIf(!corpusAvailable)(
  'attribution: Constituent Assembly Debates',
  { timeout: 60_000 },
  () => {
    const sitting = ['ambedkar', 'constituent_assembly', 'cad_volume_11_25-nov-1949.html'];

    it('credits the 25 Nov 1949 speeches to their speakers, the reformer only for his own', async () => {
      const chunks = await chunksOf(ambedkar, ...sitting);
      expect(voiceOf(chunks, 'abandon the bloody methods of revolution')).toEqual({
        ...REFORMER,
        textKind: 'speech',
      });
      expect(voiceOf(chunks, 'life of contradictions')).toMatchObject(REFORMER);
      expect(voiceOf(chunks, 'The first thing today is to take up the Bill')).toEqual({
        speakerRole: 'other',
        speaker: 'President',
        textKind: 'speech',
      });
      const krishnamachari = chunks.filter((chunk) =>
        chunk.text.startsWith('T. T. Krishnamachari:'),
      );
      expect(krishnamachari.length).toBeGreaterThan(0);
      for (const chunk of krishnamachari) {
        expect(chunk.attribution).toMatchObject({
          speakerRole: 'other',
          speaker: 'T. T. Krishnamachari',
        });
      }
    });

    it('never puts two speakers in one chunk', async () => {
      const doc = attributeDocument(await load(...sitting), ambedkar);
      const names = new SpeakerNames(ambedkar);
      const labels = new Set(doc.blocks.flatMap((block) => (block.speaker ? [block.speaker] : [])));
      expect(labels.size).toBeGreaterThan(10);
      for (const chunk of chunkDocument(doc)) {
        for (const paragraph of chunk.text.split('\n\n')) {
          const label = [...labels].find((name) => paragraph.startsWith(`${name}: `));
          if (!label) continue;
          const role = names.isReformer(label) ? 'reformer' : 'other';
          expect(chunk.attribution.speakerRole, paragraph.slice(0, 60)).toBe(role);
        }
      }
    });

    it('EPUB: "I was born in Sind" is R. K. Sidhwa, never the reformer; his own speech is his', async () => {
      const chunks = await chunksOf(
        ambedkar,
        'ambedkar',
        'constituent_assembly',
        'cad_volume_11.epub',
      );
      const sind = voiceOf(chunks, 'I was born in Sind');
      expect(sind).toEqual({ speakerRole: 'other', speaker: 'R. K. Sidhwa', textKind: 'speech' });
      expect(voiceOf(chunks, 'abandon the bloody methods of revolution')).toMatchObject(REFORMER);
      expect(voiceOf(chunks, 'looking back on the work of the Constituent Assembly')).toMatchObject(
        REFORMER,
      );
    });
  },
);

describe.skipIf(!corpusAvailable)('attribution: Annihilation of Caste', { timeout: 60_000 }, () => {
  const copies = [
    ['ambedkar', 'pdf', 'baws_vol01_annihilation_of_caste.pdf'],
    ['ambedkar', 'pdf', 'Ambedkar_book.pdf'],
    ['ambedkar', 'text', 'annihilation_of_caste.md'],
  ];

  it.each(copies)(
    '%s/%s/%s: Gandhi’s appendix, Sant Ram’s letters, Ambedkar’s reply',
    async (...parts) => {
      const chunks = await chunksOf(ambedkar, ...parts);
      const gandhiVoice = { speakerRole: 'other', speaker: 'Gandhi', textKind: 'appendix' };
      const santRam = { speakerRole: 'other', speaker: 'Sant Ram', textKind: 'letter' };
      expect(voiceOf(chunks, 'Caste has nothing to do with religion')).toEqual(gandhiVoice);
      expect(voiceOf(chunks, 'The last paragraph of the letter surely cancels the first')).toEqual(
        gandhiVoice,
      );
      expect(voiceOf(chunks, 'simply to wash mud with mud')).toEqual(santRam);
      expect(voiceOf(chunks, 'Many thanks for your kind letter of the 5th December')).toEqual(
        santRam,
      );
      expect(
        voiceOf(chunks, 'I appreciate greatly the honour done me by the Mahatma'),
      ).toMatchObject(REFORMER);
      expect(voiceOf(chunks, 'has had an astonishingly warm reception')).toEqual({
        ...REFORMER,
        textKind: 'writing',
      });
      expect(voiceOf(chunks, 'This letter puzzled me greatly')).toMatchObject(REFORMER);
      expect(
        voiceOf(chunks, 'I am glad to learn from the workers of the Jat-Pat-Todak Mandal'),
      ).toMatchObject({
        speakerRole: 'other',
        speaker: 'G. C. Narang',
      });
    },
  );

  it('excerpts: headers are not text; the reply is his; without evidence nobody’s', async () => {
    const reply = await chunksOf(
      ambedkar,
      'ambedkar',
      'baws_excerpts',
      'baws_AnnihilationOfCaste1_reply.txt',
    );
    expect(reply.every((chunk) => !/SOURCE:|CONTEXT:/.test(chunk.text))).toBe(true);
    expect(voiceOf(reply, 'I appreciate greatly the honour done me by the Mahatma')).toMatchObject(
      REFORMER,
    );
    // baws_data6.txt has no header and no blank lines: Ambedkar's narrative and Sant Ram's
    // letter run together in one paragraph that nothing can split, so nobody is credited.
    const prologue = await chunksOf(ambedkar, 'ambedkar', 'baws_excerpts', 'baws_data6.txt');
    expect(voiceOf(prologue, 'Many thanks for your kind letter').speakerRole).toBe('unknown');
    // A debate excerpt whose header names no speaker: a speech, but nobody can say whose.
    const final = await chunksOf(ambedkar, 'ambedkar', 'baws_excerpts', 'baws_speech3.txt');
    expect(final.map((chunk) => chunk.attribution.speakerRole)).not.toContain('reformer');
    expect(final[0]?.attribution).toEqual({
      speakerRole: 'unknown',
      speaker: null,
      textKind: 'speech',
    });
  });
});

describe.skipIf(!corpusAvailable)(
  'attribution: editors and unknown texts',
  { timeout: 60_000 },
  () => {
    it('The Buddha and His Dhamma: Pritchett’s introduction is the editor’s, the book the reformer’s', async () => {
      const chunks = await chunksOf(ambedkar, 'ambedkar', 'text', 'the_buddha_and_his_dhamma.md');
      expect(
        voiceOf(chunks, 'This electronic version has retained every word of the source text'),
      ).toEqual({
        speakerRole: 'editor',
        speaker: 'Frances W. Pritchett',
        textKind: 'editorial',
      });
      expect(voiceOf(chunks, 'Siddharth Gautama')).toMatchObject(REFORMER);
    });

    it('a passage whose speaker nothing tells is unknown, never the reformer', async () => {
      const chunks = await chunksOf(ambedkar, 'kalpit', 'speech1.txt');
      expect(chunks.map((chunk) => chunk.attribution.speakerRole)).toEqual(['unknown']);
    });
  },
);

describe.skipIf(!corpusAvailable)(
  'attribution follows the persona, not the code',
  { timeout: 60_000 },
  () => {
    it('with Gandhi as the reformer, his appendix is the reformer’s and Ambedkar is another person', async () => {
      const book = await chunksOf(
        gandhi,
        'ambedkar',
        'pdf',
        'baws_vol01_annihilation_of_caste.pdf',
      );
      expect(voiceOf(book, 'Caste has nothing to do with religion')).toEqual({
        speakerRole: 'reformer',
        speaker: 'Mahatma Gandhi',
        textKind: 'writing',
      });
      expect(voiceOf(book, 'I appreciate greatly the honour done me by the Mahatma')).toMatchObject(
        {
          speakerRole: 'other',
          speaker: 'B.R. Ambedkar',
          textKind: 'appendix',
        },
      );
      const debate = await chunksOf(
        gandhi,
        'ambedkar',
        'constituent_assembly',
        'cad_volume_11_25-nov-1949.html',
      );
      expect(voiceOf(debate, 'abandon the bloody methods of revolution')).toMatchObject({
        speakerRole: 'other',
        speaker: 'B. R. Ambedkar',
      });
      expect(debate.some((chunk) => chunk.attribution.speakerRole === 'reformer')).toBe(false);
    });
  },
);
