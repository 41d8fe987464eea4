/**
 * Rebuilds text lines from pdf.js text items. pdf.js returns items in content-stream order,
 * which is not always reading order (the BAWS chapter number is drawn last but sits at the
 * top), so items are grouped by baseline and sorted top to bottom, left to right.
 */

export type PdfLine = {
  text: string;
  /** Baseline, PDF units from the bottom of the page. */
  y: number;
  x: number;
  xEnd: number;
  /** Font size of the line's longest run. */
  size: number;
  page: number;
};

/** The part of a pdf.js TextItem that is used here. */
export type RawTextItem = { str: string; transform: number[]; width: number; fontName?: string };

/** Decoders for the fonts whose text is typed in a legacy encoding, by pdf.js font id. */
export type FontDecoders = ReadonlyMap<string, (text: string) => string>;

type Run = {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  decode: ((text: string) => string) | undefined;
};

function toRun(item: RawTextItem, decoders: FontDecoders): Run | null {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  if (item.str.length === 0) return null;
  const size = Math.hypot(c, d) || Math.hypot(a, b);
  const decode = item.fontName === undefined ? undefined : decoders.get(item.fontName);
  // Text turned a quarter (a landscape table on a portrait page) is read in its own frame: along
  // its direction, lines from its top down; else each column of the table read as one line.
  const quarterTurn = Math.abs(a) < 1e-6 && Math.abs(b) > 1e-6;
  const [x, y] = quarterTurn ? (b > 0 ? [f, -e] : [-f, e]) : [e, f];
  return { str: item.str, x, y, width: item.width, size, decode };
}

function sameLine(run: Run, line: Run[]): boolean {
  const first = line[0];
  if (!first) return false;
  // Superscripts and mixed fonts shift baselines a little; a third of the size is tolerated.
  return Math.abs(run.y - first.y) <= Math.max(2, Math.min(run.size, first.size) * 0.35);
}

/**
 * The line's text. Neighbouring runs in one legacy font are decoded together, as a pre-base
 * vowel sign or a reph may sit in one run and its consonant in the next.
 */
function joinRuns(runs: Run[]): string {
  let text = '';
  let pending = '';
  let pendingDecode: Run['decode'];
  const flush = () => {
    text += pendingDecode ? pendingDecode(pending) : pending;
    pending = '';
  };
  let previousEnd: number | null = null;
  for (const run of runs) {
    if (run.decode !== pendingDecode) {
      flush();
      pendingDecode = run.decode;
    }
    const before = pending || text;
    if (previousEnd !== null && before.length > 0 && !/\s$/.test(before) && !/^\s/.test(run.str)) {
      // Separate runs with a space when the gap between them looks like one.
      if (run.x - previousEnd > run.size * 0.15) pending += ' ';
    }
    pending += run.str;
    previousEnd = run.x + run.width;
  }
  flush();
  return text.replace(/\s+/g, ' ').trim();
}

const NO_DECODERS: FontDecoders = new Map();

/**
 * Drops runs drawn again over themselves: "fake bold" draws a word several times a fraction of a
 * point apart (the cover of BAWS Hindi vol. 17 draws its name five times), which would otherwise
 * read "बाबासाहेबबाबासाहेब…". A repeat is the same text within a fifth of its size. Runs are kept
 * in a grid of cells as large as the tolerance, so each run is compared with the few in its own
 * and the neighbouring cells: a page repeating one word everywhere stays linear.
 */
function withoutOverprints(runs: Run[]): Run[] {
  const grid = new Map<string, Run[]>();
  const cellOf = (value: number, size: number) => Math.floor(value / Math.max(size * 0.2, 0.1));
  const kept: Run[] = [];
  for (const run of runs) {
    if (run.str.trim() === '') {
      kept.push(run);
      continue;
    }
    const tolerance = run.size * 0.2;
    const cx = cellOf(run.x, run.size);
    const cy = cellOf(run.y, run.size);
    let repeat = false;
    for (let dx = -1; dx <= 1 && !repeat; dx++) {
      for (let dy = -1; dy <= 1 && !repeat; dy++) {
        repeat = (grid.get(`${cx + dx} ${cy + dy} ${run.size} ${run.str}`) ?? []).some(
          (other) =>
            Math.abs(other.x - run.x) <= tolerance && Math.abs(other.y - run.y) <= tolerance,
        );
      }
    }
    if (repeat) continue;
    const key = `${cx} ${cy} ${run.size} ${run.str}`;
    const cell = grid.get(key);
    if (cell) cell.push(run);
    else grid.set(key, [run]);
    kept.push(run);
  }
  return kept;
}

export function buildLines(
  items: readonly RawTextItem[],
  page: number,
  decoders: FontDecoders = NO_DECODERS,
): PdfLine[] {
  const runs = withoutOverprints(
    items.map((item) => toRun(item, decoders)).filter((run): run is Run => run !== null),
  ).sort((left, right) => right.y - left.y || left.x - right.x);
  const groups: Run[][] = [];
  for (const run of runs) {
    const current = groups[groups.length - 1];
    if (current && sameLine(run, current)) current.push(run);
    else groups.push([run]);
  }
  const lines: PdfLine[] = [];
  for (const group of groups) {
    group.sort((left, right) => left.x - right.x);
    const text = joinRuns(group);
    if (text.length === 0) continue;
    const visible = group.filter((run) => run.str.trim().length > 0);
    const longest = visible.reduce((best, run) => (run.str.length > best.str.length ? run : best));
    const last = visible[visible.length - 1] ?? longest;
    lines.push({
      text,
      y: longest.y,
      x: visible[0]?.x ?? longest.x,
      xEnd: last.x + last.width,
      size: Math.round(longest.size * 10) / 10,
      page,
    });
  }
  return lines;
}
