import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EMBEDDING_MODES, type EmbeddingMode } from './qa/evaluation-embeddings.ts';

const questionsSchema = z.object({
  test_questions: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      question: z.string(),
      ground_truth: z.string().default(''),
      source_documents: z.array(z.string()),
      question_type: z.string().default('unknown'),
      answerable: z.boolean().optional(),
    }),
  ),
});

export type EvaluationQuestion = z.infer<typeof questionsSchema>['test_questions'][number] & {
  answerable: boolean;
};

/**
 * The arguments every evaluation takes (`--corpus --questions [--distractors] [--json]`) and the
 * question set they name (Kalpit's format). The provenance notes and the question file itself are
 * described corpora, not writings, so they are excluded from ingestion.
 */
export function readEvaluationInput(command: string) {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      questions: { type: 'string' },
      distractors: { type: 'string', multiple: true, default: [] },
      json: { type: 'string' },
      llm: { type: 'string' },
      embeddings: { type: 'string', default: 'local' },
    },
  });
  if (!EMBEDDING_MODES.includes(values.embeddings as EmbeddingMode)) {
    console.error(
      `--embeddings takes ${EMBEDDING_MODES.join('|')} (default local, as the product)`,
    );
    process.exit(2);
  }
  if (values.llm !== undefined && values.llm !== 'stub' && values.llm !== 'env') {
    console.error('--llm takes "stub" (a loopback model) or "env" (LLM_BASE_URL and LLM_MODEL)');
    process.exit(2);
  }
  if (!values.corpus || !values.questions) {
    console.error(
      `Usage: npm run ${command} -- --corpus <folder> --questions <file> [--distractors <folder>] [--json <file>] [--llm stub|env]`,
    );
    process.exit(2);
  }
  const questions: EvaluationQuestion[] = questionsSchema
    .parse(JSON.parse(readFileSync(values.questions, 'utf8')))
    .test_questions.map((q) => ({
      ...q,
      answerable: q.answerable ?? q.source_documents.length > 0,
    }));
  return {
    targets: [values.corpus, ...values.distractors],
    excluded: new Set(['SOURCES.md', path.basename(values.questions)]),
    json: values.json ?? null,
    /** Which model answers: none (extractive), the loopback stub, or the one the environment names. */
    llm: (values.llm ?? null) as 'stub' | 'env' | null,
    /** The product's default is the in-process model (`local`); `none` is BM25 alone. */
    embeddings: values.embeddings as EmbeddingMode,
    questions,
  };
}
