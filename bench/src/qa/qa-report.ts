/** The markdown summary of one `eval:qa` run: every slice, three ways, side by side. */
import type { AnswerSummary, offenders } from './answer-measures.ts';
import type { KalpitAnswers } from './kalpit.ts';
import type { SliceSummary } from './scoring.ts';

type Record = {
  date: string;
  label: string;
  embeddings: string | null;
  ranking: unknown;
  questions: number;
  chunks: number;
  slices: { reference: Slices; retrieval: Slices; chat: Slices | null };
  chatMs: { count: number; p50: number; p95: number };
  llm?: string | null;
  answers?: { [name: string]: AnswerSummary } | null;
  offenders?: ReturnType<typeof offenders>;
  kalpit: { questions: number; mrr5: number; hit5: number; answers?: KalpitAnswers | null } | null;
};
type Slices = { [name: string]: SliceSummary };

const f = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(3));

export function renderQaMarkdown(record: Record): string {
  const names = Object.keys(record.slices.retrieval);
  const lines = [
    `# eval:qa — ${record.label} (${record.date})`,
    '',
    `Embeddings: ${record.embeddings ?? 'none (BM25 only)'}; ranking overrides: \`${JSON.stringify(record.ranking)}\`; ${record.questions} questions; ${record.chunks} chunks indexed.`,
    '',
    'Page-level hit@k and MRR@5 (right file, PDF page ±1; files without pages: the passage holds the evidence), evidence-level hit@5, refusals. `ref` = plain BM25 reference (page chunks / 250-word windows, k1 1.2, b 0.75), `ret` = our retrieval alone (top 5), `chat` = cited sources of POST /api/chat.',
    '',
    '| slice | n | hit@1 ref / ret / chat | hit@5 ref / ret / chat | MRR@5 ref / ret / chat | evidence hit@5 ref / ret / chat | unanswerable refused (chat) | answerable refused (chat) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const name of names) {
    const ref = record.slices.reference[name];
    const ret = record.slices.retrieval[name];
    const chat = record.slices.chat?.[name];
    if (!ret) continue;
    const three = (key: keyof SliceSummary) =>
      `${f(ref?.[key])} / ${f(ret[key])} / ${f(chat?.[key])}`;
    lines.push(
      `| ${name} | ${ret.questions} | ${three('hit1')} | ${three('hit5')} | ${three('mrr5')} | ${three('evidenceHit5')} | ${chat && chat.unanswerable > 0 ? f(chat.unanswerableRefused) : '—'} | ${chat && chat.answerable > 0 ? f(chat.answerableRefused) : '—'} |`,
    );
  }
  lines.push('');
  if (record.kalpit) {
    const rouge = record.kalpit.answers
      ? `; answers' ROUGE-L F1 against its ground truth ${f(record.kalpit.answers.rougeL)} (target ≥ 0.25)`
      : '';
    lines.push(
      `Kalpit (${record.kalpit.questions} answerable questions, its six passages among the whole corpus): document MRR@5 ${f(record.kalpit.mrr5)}, hit@5 ${f(record.kalpit.hit5)}${rouge}.`,
      '',
    );
  }
  if (record.answers)
    lines.push(...renderAnswers(record.answers, record.llm ?? null, record.offenders));
  if (record.chatMs.count > 0) {
    lines.push(
      `POST /api/chat (${record.llm ? 'event stream, whole answer' : 'JSON'}) time per question: p50 ${record.chatMs.p50.toFixed(0)} ms, p95 ${record.chatMs.p95.toFixed(0)} ms.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

const ms = (x: number | null) => (x === null ? '—' : `${(x / 1000).toFixed(1)} s`);

/** Issue 18's answer measures: one row per slice, then every offending quote. */
function renderAnswers(
  answers: { [name: string]: AnswerSummary },
  llm: string | null,
  found: ReturnType<typeof offenders> | undefined,
): string[] {
  const lines = [
    `## Answers (${llm ? `model ${llm}` : 'offline extractive answerer'})`,
    '',
    "`evidence quoted` = share of answerable questions whose target page was cited and whose evidence sentence is quoted (in brackets: of those whose target was cited); `junk` = answers quoting a question, a quote under 6 words, an all-caps or Title Case line, a section label or a running header; `misattr.` = answers quoting someone else (oracle: Constituent Assembly speakers, Gandhi's Appendix I, the Buddha editor's introduction) as the reformer (in brackets: misattributed quotes of the quotes presented as his that the oracle could place); `language` = replies whose dominant script is the question's; `support` = cited sentences whose passage holds ≥ 50 % of their content words or a 6-word run of them; `ROUGE-L vs evidence` = mean ROUGE-L F1 of the answer against the question's evidence sentence over answerable questions (a refusal scores 0; long answers quoting around the point score low); `words p50` = median words per answer to an answerable question.",
    '',
    '| slice | n | evidence quoted | ROUGE-L vs evidence | words p50 | junk | misattr. | language | support | first token p50 / p95 |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, a] of Object.entries(answers)) {
    lines.push(
      `| ${name} | ${a.questions} | ${a.answerable > 0 ? `${f(a.evidenceQuoted)} (${f(a.evidenceQuotedWhenCited)})` : '—'} | ${a.evidenceRougeL === null ? '—' : f(a.evidenceRougeL)} | ${a.wordsP50 ?? '—'} | ${a.answersQuotingJunk} | ${a.answersMisattributing} (${a.misattributions} of ${a.locatedQuotes}) | ${f(a.replyLanguageMatch)} | ${a.citationSupport === null ? '—' : `${f(a.citationSupport)} of ${a.citedSentences}`} | ${ms(a.firstTokenP50)} / ${ms(a.firstTokenP95)} |`,
    );
  }
  lines.push('');
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 160);
  if (found && found.misattributions.length > 0) {
    lines.push(
      '### Misattributed quotes',
      '',
      "| question | quote | cited | said by (oracle) | presented as the reformer's by |",
      '|---|---|---|---|---|',
    );
    for (const m of found.misattributions)
      lines.push(
        `| ${m.id} | ${cell(m.quote)} | ${m.cited} | ${m.speaker} (${m.where}) | ${m.presentedBy} |`,
      );
    lines.push('');
  }
  if (found && found.junk.length > 0) {
    lines.push('### Quoted junk', '', '| question | reason | quote |', '|---|---|---|');
    for (const j of found.junk) lines.push(`| ${j.id} | ${j.reason} | ${cell(j.quote)} |`);
    lines.push('');
  }
  return lines;
}
