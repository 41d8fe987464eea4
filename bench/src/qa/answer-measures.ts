/**
 * Issue 18's answer measures, per question and per slice (the slices of scoring.ts):
 * offline — evidence quoted, quoted junk, misattribution; with a model also — reply language,
 * time to first token, citation support; and how closely an answer keeps to its point: its
 * length and its ROUGE-L F1 against the question's evidence (issue 29: an answer quoting around
 * the point is longer and shares less of it). Definitions: bench/src/answers-check/*.ts.
 */
import type { Source } from '@samvad/contracts/sources';
import { type AnswerCheck, checkAnswer } from '../answers-check/answer-checks.ts';
import {
  citationSupport,
  dominantScript,
  expectedScript,
  passageText,
  type Script,
  type SupportResult,
} from '../answers-check/model-checks.ts';
import type { SpeakerOracle } from '../answers-check/speaker-oracle.ts';
import { rougeLF1, wordsOf } from '../rouge-l.ts';
import type { QaQuestion } from './question-set.ts';
import { type RunResult, sliced } from './scoring.ts';

export type AnswerRow = Pick<RunResult, 'id' | 'kind' | 'language' | 'half' | 'answerable'> & {
  /** The target page was among the cited sources (chat hit@5). */
  citedHit: boolean;
  refused: boolean;
  check: AnswerCheck;
  script: Script;
  support: Pick<SupportResult, 'sentences' | 'supported'> | null;
  firstTokenMs: number | null;
  /** Words in the answer. */
  words: number;
  /** ROUGE-L F1 of the answer against the evidence sentence; null for unanswerable questions. */
  evidenceRougeL: number | null;
};

export type AnswerSummary = {
  questions: number;
  answerable: number;
  /** Answerable questions whose target was cited and whose evidence sentence was quoted. */
  evidenceQuoted: number;
  /** The same, over the answerable questions whose target was cited. */
  evidenceQuotedWhenCited: number;
  answersQuotingJunk: number;
  answersMisattributing: number;
  misattributions: number;
  /** Quotes presented as the reformer's that the oracle could place (misattributed or not). */
  locatedQuotes: number;
  replyLanguageMatch: number;
  citationSupport: number | null;
  citedSentences: number;
  firstTokenP50: number | null;
  firstTokenP95: number | null;
  /** Median words per answer to an answerable question. */
  wordsP50: number | null;
  /** Mean ROUGE-L F1 against the evidence over the answerable questions (refusals score 0). */
  evidenceRougeL: number | null;
};

export function measureAnswer(input: {
  question: QaQuestion;
  base: Pick<RunResult, 'id' | 'kind' | 'language' | 'half' | 'answerable'>;
  citedHit: boolean;
  answer: string;
  sources: Source[];
  oracle: SpeakerOracle;
  reformerNames: readonly string[];
  /** Full passage text of a source (for citation support); omit to skip that measure. */
  passageOf?: (source: Source) => string | null;
  firstTokenMs?: number | null;
}): AnswerRow {
  const check = checkAnswer({
    question: input.question,
    answer: input.answer,
    sources: input.sources,
    oracle: input.oracle,
    reformerNames: input.reformerNames,
  });
  const passageOf = input.passageOf;
  let support: AnswerRow['support'] = null;
  if (passageOf) {
    const { sentences, supported } = citationSupport(input.answer, (n) => {
      const source = input.sources[n - 1];
      const text = source ? passageOf(source) : null;
      return text === null ? null : passageText(text);
    });
    support = { sentences, supported };
  }
  return {
    ...input.base,
    citedHit: input.citedHit,
    refused: input.sources.length === 0,
    check,
    script: dominantScript(input.answer),
    support,
    firstTokenMs: input.firstTokenMs ?? null,
    words: wordsOf(input.answer).length,
    evidenceRougeL:
      input.question.evidence === null
        ? null
        : input.sources.length === 0
          ? 0
          : rougeLF1(input.answer, input.question.evidence),
  };
}

export function summariseAnswers(rows: readonly AnswerRow[]): AnswerSummary {
  const answerable = rows.filter((r) => r.answerable);
  const cited = answerable.filter((r) => r.citedHit);
  const quoted = cited.filter((r) => r.check.evidenceQuoted);
  const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
  const sentences = rows.reduce((sum, r) => sum + (r.support?.sentences ?? 0), 0);
  const supported = rows.reduce((sum, r) => sum + (r.support?.supported ?? 0), 0);
  const ttft = rows.flatMap((r) => (r.firstTokenMs === null ? [] : [r.firstTokenMs]));
  return {
    questions: rows.length,
    answerable: answerable.length,
    evidenceQuoted: share(quoted.length, answerable.length),
    evidenceQuotedWhenCited: share(quoted.length, cited.length),
    answersQuotingJunk: rows.filter((r) => r.check.junk.length > 0).length,
    answersMisattributing: rows.filter((r) => r.check.misattributions.length > 0).length,
    misattributions: rows.reduce((sum, r) => sum + r.check.misattributions.length, 0),
    locatedQuotes: rows.reduce((sum, r) => sum + r.check.located, 0),
    replyLanguageMatch: share(
      rows.filter((r) => r.script === expectedScript(r.language)).length,
      rows.length,
    ),
    citationSupport: rows.some((r) => r.support) ? share(supported, sentences) : null,
    citedSentences: sentences,
    firstTokenP50: ttft.length > 0 ? percentile(ttft, 0.5) : null,
    firstTokenP95: ttft.length > 0 ? percentile(ttft, 0.95) : null,
    wordsP50:
      answerable.length > 0
        ? percentile(
            answerable.map((r) => r.words),
            0.5,
          )
        : null,
    evidenceRougeL:
      answerable.length > 0
        ? answerable.reduce((sum, r) => sum + (r.evidenceRougeL ?? 0), 0) / answerable.length
        : null,
  };
}

export function answerSlices(rows: readonly AnswerRow[]): Record<string, AnswerSummary> {
  return sliced(rows, summariseAnswers);
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

/** Every offender, for the report: the quote, why, and which question. */
export function offenders(rows: readonly AnswerRow[]) {
  return {
    junk: rows.flatMap((r) => r.check.junk.map((j) => ({ id: r.id, ...j }))),
    misattributions: rows.flatMap((r) => r.check.misattributions.map((m) => ({ id: r.id, ...m }))),
  };
}
