/**
 * The reference extractor: Poppler's pdftotext, as a pipeline that shells out to it would run it
 * (one process per file, text on standard output), ending every page with a form feed, which
 * gives the page breaks. Two modes: the default one guesses a reading order and reads a table
 * column after column; -layout reads each line across the page, as our loader does, so a table
 * row stays together. Both take the same time on these files.
 */
import { spawn, spawnSync } from 'node:child_process';

export type ReferenceRun =
  | { ok: true; seconds: number; pages: string[] }
  | { ok: false; seconds: number; error: string };

export const PDFTOTEXT_ARGS = ['-enc', 'UTF-8'] as const;
export const LAYOUT_ARGS = [...PDFTOTEXT_ARGS, '-layout'] as const;

/** pdftotext's version line, or null when it is not installed. */
export function pdftotextVersion(): string | null {
  const probe = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (probe.error) return null;
  // Poppler prints its version on standard error.
  return `${probe.stderr}${probe.stdout}`.split('\n')[0]?.trim() || 'pdftotext';
}

/** Timed from spawn to exit: the process start is part of what the reference costs. */
export function runPdftotext(
  file: string,
  args: readonly string[] = PDFTOTEXT_ARGS,
): Promise<ReferenceRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('pdftotext', [...args, file, '-'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.on('error', (error) =>
      resolve({ ok: false, seconds: (performance.now() - started) / 1000, error: error.message }),
    );
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const text = Buffer.concat(out).toString('utf8');
      if (code !== 0) {
        resolve({ ok: false, seconds, error: firstLine(err) || `exit code ${code}` });
        return;
      }
      // Every page ends with a form feed, so the piece after the last one is not a page.
      const pages = text.split('\f');
      if (pages.length > 1 && (pages.at(-1) ?? '').trim() === '') pages.pop();
      resolve({ ok: true, seconds, pages });
    });
  });
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim().length > 0) ?? '';
}
