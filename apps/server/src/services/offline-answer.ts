/**
 * The offline (extractive) answer, streamed. Once retrieval has found the question covered, the
 * answer's opening line is certain, so it is sent at once; the quotes follow. They are chosen by
 * words and by meaning: the candidate sentences of the best passages are embedded a few at a
 * time within MEANING_TIMEOUT_MS (those not done by then, or all without a model, by words
 * alone; ADR 039), which is why the opening does not wait for them. When the lead does not give what was asked (the passage raises
 * "why" but answers it further on), the passage that follows the lead's is read too.
 */
import type { Source } from '@samvad/contracts/sources';
import type { AnswerStream } from '../answers/answer-stream.ts';
import { denseCoverLine } from '../answers/coverage.ts';
import {
  answerExtractively,
  candidateSentences,
  type ExtractiveAnswer,
  type ExtractiveOptions,
  tokensOf,
} from '../answers/extractive-answerer.ts';
import { replyTexts } from '../answers/reply-texts.ts';
import { sentenceMeaning } from '../answers/sentence-meaning.ts';
import { alsoReadCopies, copiesToCite } from '../answers/work-copies.ts';
import type { Passage } from '../retrieval/passage.ts';
import type { Answerer } from './chat-service.ts';

/** How much lower a passage read on shows than the lowest one retrieval found. */
const READ_ON_STEP = 1e-4;

type OfflineAnswerer = Pick<Answerer, 'index' | 'persona' | 'embeddings' | 'findCopies'>;

export function offlineAnswer(
  answerer: OfflineAnswerer,
  question: string,
  passages: Passage[],
  language: string,
): AnswerStream {
  // By words alone first (a few milliseconds): whether anything is quotable, so whether the
  // answer will open with the opening line rather than say 'not covered'.
  const supportLine = denseCoverLine(answerer.index.denseChunks);
  const byWords = answerExtractively(question, passages, {
    persona: answerer.persona,
    language,
    supportLine,
  });
  const { covered } = byWords;
  const whole = composeOffline(answerer, question, passages, { language, supportLine }, byWords);
  // Read by the stream; a client gone before the first token must not leave it unhandled.
  whole.catch(() => {});
  let sources: Source[] = [];
  return {
    tokens: (async function* () {
      const opening = `${replyTexts(language).opening}\n\n`;
      if (covered) yield* tokensOf(opening);
      const answer = await whole;
      sources = answer.sources;
      yield* tokensOf(
        covered && answer.answer.startsWith(opening)
          ? answer.answer.slice(opening.length)
          : answer.answer,
      );
    })(),
    sources: () => sources,
  };
}

async function composeOffline(
  answerer: OfflineAnswerer,
  question: string,
  passages: Passage[],
  { language, supportLine }: { language: string; supportLine: number },
  byWords: ExtractiveAnswer,
) {
  const meaning = await sentenceMeaning(
    answerer.embeddings,
    question,
    candidateSentences(passages, 5, question),
  );
  const options = {
    persona: answerer.persona,
    language,
    supportLine,
    meaning: meaning?.cosines ?? null,
  };
  let read = passages;
  let readOptions: ExtractiveOptions = options;
  // Without meaning (no model, or past its deadline) the answer by words stands.
  let answer = meaning ? answerExtractively(question, read, options) : byWords;
  const lead = answer.lead?.passage;
  const next = lead && !answer.lead?.givesAnswer ? await answerer.index.following(lead) : null;
  if (lead && next && !passages.some((passage) => passage.id === next.id)) {
    const at = passages.indexOf(lead) + 1;
    // Listed after the passages retrieval found (it was read on, not found): the sources' first
    // rows stay retrieval's best, whatever the answer quotes.
    const lowest = Math.min(...passages.slice(0, 5).map((passage) => passage.score));
    const after = { ...next, score: Math.max(0, lowest - READ_ON_STEP) };
    read = [...passages.slice(0, at), after, ...passages.slice(at)];
    readOptions = { ...options, maxPassages: 6 };
    await meaning?.add(candidateSentences([next], 1));
    answer = answerExtractively(question, read, readOptions);
  }
  // One entry per work: quotes from a copy without pages are cited from the paged copy, and a
  // passage read but not quoted is shown from the copy of a listed work that holds it.
  if (!answerer.findCopies || !answer.covered) return answer;
  const copies = await copiesToCite(answer.quoted ?? [], answerer.findCopies);
  const quoted = (answer.quoted ?? []).map(
    (entry) => copies.get(entry.passage.id) ?? entry.passage,
  );
  const quotedIds = new Set((answer.quoted ?? []).map((entry) => entry.passage.id));
  const unquoted = read
    .slice(0, readOptions.maxPassages ?? 5)
    .filter((passage) => !quotedIds.has(passage.id));
  for (const [id, copy] of alsoReadCopies(unquoted, quoted)) copies.set(id, copy);
  return copies.size > 0 ? answerExtractively(question, read, { ...readOptions, copies }) : answer;
}
