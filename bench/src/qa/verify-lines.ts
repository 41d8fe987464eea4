/**
 * The question set's verifier as a function, so the CLI and a test share it. Page texts come from
 * pdftotext (an independent reader, not our own PDF loader), other files from their bytes (HTML
 * and EPUB with tags stripped). A PDF page typed in a legacy Devanagari font (BAWS Hindi vol. 17)
 * comes out of pdftotext as Latin mojibake; it is decoded with the product's decoder, so its
 * evidence is checked as the Unicode Hindi a reader (and the index) sees.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeLegacyDevanagari } from '@samvad/server/knowledge/legacy-devanagari/decode.ts';
import { legacyFamilyOf } from '@samvad/server/knowledge/legacy-devanagari/detect.ts';
import {
  containsWords,
  DEFAULT_CORPUS,
  evidenceWords,
  locationsOf,
  type QaQuestion,
  questionSchema,
  readQuestionLines,
} from './question-set.ts';

export type VerifyReport = {
  files: string[];
  lines: number;
  questions: QaQuestion[];
  problems: string[];
};

const MIN_EVIDENCE_WORDS = 5;
const MAX_EVIDENCE_WORDS = 15;

export function verifyQuestionLines(files: string[] = [], corpus = DEFAULT_CORPUS): VerifyReport {
  const lines = readQuestionLines(files);
  const texts = new CorpusTexts(corpus);
  const problems: string[] = [];
  const questions: QaQuestion[] = [];
  const seen = new Set<string>();
  for (const { source, line, raw } of lines) {
    const where = `${path.basename(source)}:${line}`;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      problems.push(`${where}: not JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = questionSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`${where}: ${issue?.path.join('.') || 'item'}: ${issue?.message}`);
      continue;
    }
    const q = parsed.data;
    questions.push(q);
    if (seen.has(q.id)) problems.push(`${where}: duplicate id ${q.id}`);
    seen.add(q.id);
    for (const location of locationsOf(q)) {
      const label = `${where} (${q.id}) ${location.file}${location.page ? ` p.${location.page}` : ''}`;
      const count = evidenceWords(location.evidence).length;
      if (
        location === locationsOf(q)[0] &&
        (count < MIN_EVIDENCE_WORDS || count > MAX_EVIDENCE_WORDS)
      ) {
        problems.push(`${label}: evidence has ${count} words (5–15)`);
      }
      const problem = texts.check(location.file, location.page, location.evidence);
      if (problem) problems.push(`${label}: ${problem}`);
    }
  }
  return {
    files: [...new Set(lines.map((l) => l.source))],
    lines: lines.length,
    questions,
    problems,
  };
}

class CorpusTexts {
  private readonly corpus: string;
  private readonly words = new Map<string, string[] | null>();
  private readonly pageCounts = new Map<string, number>();

  constructor(corpus: string) {
    this.corpus = corpus;
  }

  check(file: string, page: number | null, evidence: string): string | null {
    const full = path.join(this.corpus, file);
    if (!existsSync(full)) return 'file does not exist';
    const isPdf = file.toLowerCase().endsWith('.pdf');
    if (isPdf && page === null) return 'a PDF location needs its page';
    if (!isPdf && page !== null) return 'only PDF locations have pages';
    if (isPdf && page !== null && page > this.pageCount(full)) {
      return `page ${page} is past the last page (${this.pageCount(full)})`;
    }
    const words = this.wordsOf(full, page);
    if (!words) return 'could not read the text';
    return containsWords(words, evidenceWords(evidence))
      ? null
      : `evidence not found: "${evidence}"`;
  }

  private pageCount(full: string): number {
    let count = this.pageCounts.get(full);
    if (count === undefined) {
      const info = execFileSync('pdfinfo', [full], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
      this.pageCounts.set(full, count);
    }
    return count;
  }

  private wordsOf(full: string, page: number | null): string[] | null {
    const key = `${full}#${page ?? ''}`;
    if (!this.words.has(key)) this.words.set(key, evidenceWordsOrNull(readText(full, page)));
    return this.words.get(key) ?? null;
  }
}

function evidenceWordsOrNull(text: string | null): string[] | null {
  return text === null ? null : evidenceWords(text);
}

function readText(full: string, page: number | null): string | null {
  const lower = full.toLowerCase();
  try {
    if (lower.endsWith('.pdf')) {
      const range = page === null ? [] : ['-f', String(page), '-l', String(page)];
      const text = execFileSync('pdftotext', [...range, '-layout', full, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 * 1024 * 1024,
      });
      return decodedIfLegacy(text);
    }
    if (lower.endsWith('.epub')) {
      const xhtml = execFileSync('unzip', ['-p', full, '*.xhtml'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 256 * 1024 * 1024,
      });
      return stripTags(xhtml);
    }
    const text = readFileSync(full, 'utf8');
    return lower.endsWith('.html') || lower.endsWith('.htm') ? stripTags(text) : text;
  } catch {
    return null;
  }
}

/** The text as the product decodes it when it is legacy Devanagari mojibake, else as it is. */
export function decodedIfLegacy(text: string): string {
  const family = legacyFamilyOf(text);
  return family ? decodeLegacyDevanagari(text, family) : text;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function stripTags(html: string): string {
  const text = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return decodeEntities(text);
}

/** HTML character references (numeric and the few named ones the corpus uses) as text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}
