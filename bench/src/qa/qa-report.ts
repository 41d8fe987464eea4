/** The markdown summary of one `eval:qa` run: every slice, three ways, side by side. */
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
  kalpit: { questions: number; mrr5: number; hit5: number } | null;
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
    lines.push(
      `Kalpit (${record.kalpit.questions} answerable questions, its six passages among the whole corpus): document MRR@5 ${f(record.kalpit.mrr5)}, hit@5 ${f(record.kalpit.hit5)}.`,
      '',
    );
  }
  if (record.chatMs.count > 0) {
    lines.push(
      `POST /api/chat (JSON) time per question: p50 ${record.chatMs.p50.toFixed(0)} ms, p95 ${record.chatMs.p95.toFixed(0)} ms.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
