// `node bench/src/qa/verify-questions.ts [part.jsonl …] [--corpus <folder>]`
// Checks every line of the question set against the corpus: well formed, unique ids, the file
// and page exist, and every evidence phrase is on its page (PDF pages read with
// `pdftotext -f N -l N -layout`, from poppler-utils) or in its file. Exits 1 on any problem.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { verifyQuestionLines } from './verify-lines.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { corpus: { type: 'string' } },
});
const report = verifyQuestionLines(positionals, values.corpus);
for (const problem of report.problems) console.log(problem);
const byKey = (key: (q: (typeof report.questions)[number]) => string) =>
  Object.entries(Object.groupBy(report.questions, key))
    .map(([name, items]) => `${name} ${items?.length ?? 0}`)
    .join(', ');
console.log(
  `\n${report.lines} lines in ${report.files.map((f) => path.basename(f)).join(', ')}: ${report.problems.length} problems`,
);
console.log(`kinds: ${byKey((q) => q.kind)}`);
console.log(`languages: ${byKey((q) => q.language)}`);
console.log(`halves: ${byKey((q) => q.half ?? 'unassigned')}`);
process.exit(report.problems.length > 0 ? 1 : 0);
