/**
 * Issue 18 on the whole question set: every question goes through the real POST /api/chat of an
 * app over the whole shared corpus (BM25 only, the offline extractive answerer), and no answer
 * may put someone else's words in the reformer's mouth or quote a heading, title, running header,
 * section label or question. The oracle of who said what is read from the raw corpus
 * (speaker-oracle.ts), never from the product's own speaker detection.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Source } from '@samvad/contracts/sources';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QaApp, startQaApp } from '../qa/qa-app.ts';
import { DEFAULT_CORPUS, type QaQuestion, readQuestionSet } from '../qa/question-set.ts';
import { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';
import { type AnswerCheck, checkAnswer } from './answer-checks.ts';
import { SpeakerOracle } from './speaker-oracle.ts';

const corpusAvailable = existsSync(path.join(DEFAULT_CORPUS, 'SOURCES.md'));

type Answered = { q: QaQuestion; answer: string; sources: Source[]; check: AnswerCheck };

describe.skipIf(!corpusAvailable)('offline answers over the whole question set', () => {
  let kb: ThrowawayKnowledgeBase | null = null;
  let app: QaApp | null = null;
  const answered: Answered[] = [];

  beforeAll(async () => {
    const persona = await loadPersona(loadConfig({ NODE_ENV: 'test' }).personaFile);
    const oracle = SpeakerOracle.build(DEFAULT_CORPUS);
    kb = await ThrowawayKnowledgeBase.create();
    await kb.ingest([path.join(DEFAULT_CORPUS, 'ambedkar'), path.join(DEFAULT_CORPUS, 'indic')]);
    app = await startQaApp(kb);
    for (const q of readQuestionSet()) {
      const { answer, sources } = await app.ask(q.question);
      const check = checkAnswer({
        question: q,
        answer,
        sources,
        oracle,
        reformerNames: [persona.reformerName, ...persona.reformerAliases],
      });
      answered.push({ q, answer, sources, check });
    }
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await kb?.close();
  });

  it('answered every question, and the quotes of the answers are read', () => {
    expect(answered.length).toBe(readQuestionSet().length);
    // A change of answer format that the quote reader misses would pass the checks below
    // vacuously: most answers that cite something must be seen to quote something.
    const citing = answered.filter((a) => a.sources.length > 0);
    const quoting = citing.filter((a) => a.check.quotes > 0);
    expect(quoting.length).toBeGreaterThan(citing.length * 0.8);
  });

  it("quotes no one else's words as the reformer's", () => {
    const offenders = answered.flatMap(({ q, check }) =>
      check.misattributions.map(
        (m) =>
          `${q.id}: “${m.quote.slice(0, 120)}” cited to ${m.cited} is ${m.speaker} (${m.where}); presented as the reformer's: ${m.presentedBy}`,
      ),
    );
    expect(offenders, `${offenders.length} misattributed quotes:\n${offenders.join('\n')}`).toEqual(
      [],
    );
  });

  it('quotes no heading, title, running header, section label or question', () => {
    const offenders = answered.flatMap(({ q, check }) =>
      check.junk.map((j) => `${q.id}: [${j.reason}] “${j.quote.slice(0, 120)}”`),
    );
    expect(offenders, `${offenders.length} junk quotes:\n${offenders.join('\n')}`).toEqual([]);
  });
});
