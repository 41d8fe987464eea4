/**
 * Who said what, read straight from the raw corpus files and nothing of the product's (issue 18:
 * the misattribution check must not grade the product's speaker detection with itself):
 * - the Constituent Assembly sittings (HTML, and the Volume XI EPUB): each numbered paragraph
 *   names its speaker; an unnamed block is the record's own text (headings, "The amendment was
 *   adopted."); only B. R. Ambedkar's spellings are the reformer;
 * - Annihilation of Caste, Appendix I (Gandhi's "A Vindication of Caste", Sant Ram's letter
 *   inside it) in the .md copy and, when `pdftotext` is installed, in both PDF copies;
 * - the editor's introduction (Pritchett) of The Buddha and His Dhamma .md.
 * The rest of those files is the reformer's. A quote is located by its word 5-grams (the same
 * normalisation as the question set's evidence: case, quotes, hyphenation and layout ignored).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { evidenceWords } from '../qa/question-set.ts';
import { decodeEntities } from '../qa/verify-lines.ts';

export type SpeakerRole = 'reformer' | 'other' | 'editor';

export type Segment = { file: string; where: string; speaker: string; role: SpeakerRole };

export type Located = Segment & { share: number };

const GRAM = 5;
/** A quote is located where at least this share of its 5-grams is. */
const LOCATED_SHARE = 0.6;
const REFORMER = /\bB\.?\s*R\.?\s*Ambedkar\b/i;

type Stored = Segment & { words: number };

export class SpeakerOracle {
  private readonly segments: Stored[] = [];
  private readonly grams = new Map<string, number[]>();
  /** What was read, for the report: file → segments. */
  readonly coverage = new Map<string, number>();

  static build(corpus: string): SpeakerOracle {
    const oracle = new SpeakerOracle();
    const ca = path.join(corpus, 'ambedkar', 'constituent_assembly');
    for (const name of [
      'cad_volume_01_17-dec-1946.html',
      'cad_volume_07_04-nov-1948.html',
      'cad_volume_07_09-dec-1948.html',
      'cad_volume_11_25-nov-1949.html',
    ]) {
      for (const block of debateBlocks(readFileSync(path.join(ca, name), 'utf8')))
        oracle.add(name, block.where, block.speaker, block.text);
    }
    const epub = unzipSync(new Uint8Array(readFileSync(path.join(ca, 'cad_volume_11.epub'))));
    for (const [entry, bytes] of Object.entries(epub)) {
      if (!entry.endsWith('.xhtml') || !entry.includes('file_')) continue;
      for (const block of epubBlocks(new TextDecoder().decode(bytes)))
        oracle.add(
          'cad_volume_11.epub',
          `${path.basename(entry)} ${block.where}`,
          block.speaker,
          block.text,
        );
    }
    const text = path.join(corpus, 'ambedkar', 'text');
    const aoc = readFileSync(path.join(text, 'annihilation_of_caste.md'), 'utf8');
    const appendix = between(aoc, '04_APPENDIX_I_', '05_APPENDIX_II_');
    oracle.addSplit('annihilation_of_caste.md', aoc, appendix, GANDHI, 'Appendix I');
    const pdfs = path.join(corpus, 'ambedkar', 'pdf');
    for (const name of ['baws_vol01_annihilation_of_caste.pdf', 'Ambedkar_book.pdf']) {
      const pdf = pdfText(path.join(pdfs, name));
      if (pdf === null) continue;
      const start = lastMatch(pdf, /APPENDIX I\s*\n\s*A VINDICATION OF CASTE/g);
      const end = lastMatch(pdf, /APPENDIX II\s*\n\s*A REPLY TO THE MAHATMA/g);
      if (start >= 0 && end > start) oracle.addSplit(name, pdf, [start, end], GANDHI, 'Appendix I');
    }
    const buddha = readFileSync(path.join(text, 'the_buddha_and_his_dhamma.md'), 'utf8');
    const intro = between(buddha, 'ambedkar_buddha/00_fwp.md', '<!-- source file:');
    oracle.addSplit(
      'the_buddha_and_his_dhamma.md',
      buddha,
      intro,
      PRITCHETT,
      "editor's introduction",
    );
    return oracle;
  }

  /**
   * Where the quote is: the segment holding the largest share of its 5-grams (≥ 0.6), the cited
   * file's first among equals; null when no segment holds it (a file the oracle does not read).
   * `ambiguous` lists other speakers whose segments hold it as well (e.g. a reply quoting Gandhi).
   */
  locate(quote: string, citedFile?: string): (Located & { ambiguous: string[] }) | null {
    const words = evidenceWords(quote);
    const n = Math.min(GRAM, words.length);
    if (n < 3) return null;
    const counts = new Map<number, number>();
    const wanted = new Set<string>();
    for (let i = 0; i + n <= words.length; i++) wanted.add(words.slice(i, i + n).join(' '));
    for (const gram of wanted) {
      const key = n === GRAM ? gram : null;
      const ids = key ? this.grams.get(key) : this.shortGram(gram);
      for (const id of new Set(ids ?? [])) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const ranked = [...counts.entries()]
      .map(([id, count]) => ({ segment: this.segments[id] as Stored, share: count / wanted.size }))
      .filter((entry) => entry.share >= LOCATED_SHARE)
      .sort(
        (a, b) =>
          b.share - a.share ||
          Number(b.segment.file === citedFile) - Number(a.segment.file === citedFile),
      );
    const best = ranked[0];
    if (!best) return null;
    const { words: _words, ...segment } = best.segment;
    const ambiguous = [
      ...new Set(
        ranked
          .filter((r) => r.share >= best.share - 0.1 && r.segment.role !== segment.role)
          .map((r) => r.segment.speaker),
      ),
    ];
    return { ...segment, share: best.share, ambiguous };
  }

  private add(file: string, where: string, speaker: string, text: string) {
    const words = evidenceWords(text);
    if (words.length === 0) return;
    const role: SpeakerRole =
      speaker === PRITCHETT ? 'editor' : REFORMER.test(speaker) ? 'reformer' : 'other';
    const id = this.segments.push({ file, where, speaker, role, words: words.length }) - 1;
    for (let i = 0; i + GRAM <= words.length; i++) {
      const gram = words.slice(i, i + GRAM).join(' ');
      const ids = this.grams.get(gram);
      if (!ids) this.grams.set(gram, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id);
    }
    this.coverage.set(file, (this.coverage.get(file) ?? 0) + 1);
  }

  /** A file whose [start, end) is someone else's words and whose rest is the reformer's. */
  private addSplit(
    file: string,
    text: string,
    [start, end]: [number, number],
    speaker: string,
    where: string,
  ) {
    if (start < 0 || end <= start) throw new Error(`${file}: ${where} not found`);
    this.add(file, 'before', 'B. R. Ambedkar', text.slice(0, start));
    this.add(file, where, speaker, text.slice(start, end));
    this.add(file, 'after', 'B. R. Ambedkar', text.slice(end));
  }

  /** Quotes of 3–4 words (junk anyway): segments whose 5-grams begin with them. Slow, rare. */
  private shortGram(gram: string): number[] {
    const ids: number[] = [];
    for (const [key, segmentIds] of this.grams)
      if (key.startsWith(`${gram} `)) ids.push(...segmentIds);
    return ids;
  }
}

export const GANDHI = 'M. K. Gandhi (Appendix I, with Sant Ram’s letter)';
export const PRITCHETT = 'Frances W. Pritchett (editor)';

type Block = { where: string; speaker: string; text: string };

/**
 * constitutionofindia.net sitting: one block per paragraph, its number and speaker beside it. A
 * numbered paragraph without a name goes on with the speech before it; an unnumbered, unnamed
 * block is the record's (headings, "The amendment was adopted.").
 */
export function debateBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let speaker = RECORD;
  for (const raw of html
    .split('<div class="lg:grid lg:grid-cols-12 lg:gap-x-[70px] relative"')
    .slice(1)) {
    const number = /bg-\[#F8FFA3\]">([^<]*)</.exec(raw)?.[1]?.trim() ?? '';
    const name =
      /xl:col-span-2 md:text-lg font-medium">\s*([^<]*?)\s*<\/span>/.exec(raw)?.[1]?.trim() ?? '';
    const body = /prose[^"]*content">([\s\S]*?)<\/div>/.exec(raw)?.[1] ?? '';
    if (name) speaker = decodeEntities(name);
    blocks.push({
      where: number || 'record',
      speaker: number ? speaker : name ? decodeEntities(name) : RECORD,
      text: plainText(body),
    });
  }
  return blocks;
}

/**
 * The EPUB's sittings: `<span>11.158.2</span> <span>B. R. AMBEDKAR</span> <p>…</p>`; an empty
 * name goes on with the speech before it, a centred paragraph is the record's.
 */
export function epubBlocks(xhtml: string): Block[] {
  const blocks: Block[] = [];
  let number = '';
  let speaker = RECORD;
  let expectName = false;
  for (const match of xhtml.matchAll(
    /<span(?:\s[^>]*?)?(?<!\/)>([\s\S]*?)<\/span>|<p(\s[^>]*?)?(?<!\/)>([\s\S]*?)<\/p>/g,
  )) {
    if (match[1] !== undefined) {
      const text = plainText(match[1]);
      if (/^\d+\.\d+\.\d+$/.test(text)) {
        number = text;
        expectName = true;
      } else if (expectName && text) {
        speaker = text;
        expectName = false;
      }
      continue;
    }
    const centred = /text-align:\s*center/.test(match[2] ?? '');
    expectName = false;
    blocks.push({
      where: centred ? 'record' : number,
      speaker: centred ? RECORD : speaker,
      text: plainText(match[3] ?? ''),
    });
  }
  return blocks;
}

const RECORD = 'the record of proceedings';

function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

function between(text: string, from: string, to: string): [number, number] {
  const start = text.indexOf(from);
  const end = start < 0 ? -1 : text.indexOf(to, start + from.length);
  return [start, end < 0 ? text.length : end];
}

function lastMatch(text: string, pattern: RegExp): number {
  let last = -1;
  for (const match of text.matchAll(pattern)) last = match.index;
  return last;
}

function pdfText(file: string): string | null {
  try {
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch {
    return null;
  }
}
