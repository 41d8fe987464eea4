/**
 * The team's page-level question set (bench/qa/FORMAT.md): its shape, where it lives, and the
 * one word-sequence normalisation that both the verifier and the evaluation match evidence with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const QUESTION_DIR = fileURLToPath(new URL('../../qa/questions/', import.meta.url));
export const DEFAULT_CORPUS = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));

export const QUESTION_KINDS = ['factual', 'paraphrase', 'keyword-poor', 'unanswerable'] as const;
export const QUESTION_LANGUAGES = ['en', 'hi', 'mr', 'ta'] as const;

const locationSchema = z.object({
  file: z.string().min(1),
  page: z.number().int().positive().nullable(),
  evidence: z.string().min(1),
});

export const questionSchema = z
  .object({
    id: z.string().regex(/^[a-z]+-\d{3}$/),
    question: z.string().min(5),
    kind: z.enum(QUESTION_KINDS),
    language: z.enum(QUESTION_LANGUAGES),
    file: z.string().min(1).nullable(),
    page: z.number().int().positive().nullable(),
    evidence: z.string().min(1).nullable(),
    also: z.array(locationSchema).default([]),
    note: z.string().optional(),
    half: z.enum(['tune', 'held-out']).optional(),
  })
  .superRefine((q, ctx) => {
    const unanswerable = q.kind === 'unanswerable';
    if (unanswerable && (q.file !== null || q.evidence !== null || q.also.length > 0)) {
      ctx.addIssue({ code: 'custom', message: 'an unanswerable item has no file or evidence' });
    }
    if (!unanswerable && (q.file === null || q.evidence === null)) {
      ctx.addIssue({ code: 'custom', message: 'an answerable item needs a file and evidence' });
    }
  });

export type QaQuestion = z.infer<typeof questionSchema>;
export type QaLocation = { file: string; page: number | null; evidence: string };

/** Every place that answers the question: the target first, then its copies. */
export function locationsOf(q: QaQuestion): QaLocation[] {
  if (q.file === null || q.evidence === null) return [];
  return [{ file: q.file, page: q.page, evidence: q.evidence }, ...q.also];
}

export type QaLine = { source: string; line: number; raw: string };

/** Every line of every part (or of the files named), with where it came from. */
export function readQuestionLines(files?: string[]): QaLine[] {
  const paths =
    files && files.length > 0
      ? files
      : readdirSync(QUESTION_DIR)
          .filter((name) => name.endsWith('.jsonl'))
          .sort()
          .map((name) => path.join(QUESTION_DIR, name));
  return paths.flatMap((source) =>
    readFileSync(source, 'utf8')
      .split('\n')
      .map((raw, index) => ({ source, line: index + 1, raw }))
      .filter((entry) => entry.raw.trim().length > 0),
  );
}

/** The whole set, parsed; throws on the first malformed line (the verifier reports them all). */
export function readQuestionSet(files?: string[]): QaQuestion[] {
  return readQuestionLines(files).map(({ source, line, raw }) => {
    const parsed = questionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) {
      throw new Error(`${path.basename(source)}:${line}: ${parsed.error.issues[0]?.message}`);
    }
    return parsed.data;
  });
}

/**
 * Lower-cased letter/digit words in reading order. Line-end hyphenation ("un-\n touchable") is
 * joined first and apostrophes dropped, so copies that differ only in punctuation, quotes,
 * layout or hyphenation compare equal. Marks (\p{M}) stay part of a word: Indic scripts need them.
 */
export function evidenceWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/\u00ad/g, '')
      .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, '$1$2')
      .replace(/['’‘`]/g, '')
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/** Whether `needle`'s words occur, in order and contiguously, among `haystack`'s. */
export function containsWords(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  const joined = ` ${haystack.join(' ')} `;
  return joined.includes(` ${needle.join(' ')} `);
}

/** Word 3-grams of a text (the evidence-level measure). */
export function trigrams(words: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++)
    grams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return grams;
}

/** Share of the evidence's word 3-grams found in the passage (≥ 0.5 counts as an evidence hit). */
export function evidenceShare(evidence: string, passage: string): number {
  const wanted = trigrams(evidenceWords(evidence));
  if (wanted.size === 0) return 0;
  const present = trigrams(evidenceWords(passage));
  let found = 0;
  for (const gram of wanted) if (present.has(gram)) found++;
  return found / wanted.size;
}
