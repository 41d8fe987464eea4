/**
 * The Hindi Hunspell dictionary (Debian's hunspell-hi) as a word checker, for measuring how
 * well the legacy-font decoder's output reads; the product never uses it. Words go to
 * `hunspell -w` in one batch, one word a line, and it prints back the ones it does not know.
 * (`-a`, the ispell pipe, gives the same verdicts — 1,650 unknown of the volume's 4,149
 * distinct words either way — but computes suggestions for each unknown word: 16 s, not 30 ms.)
 *
 * Two things about Debian's hi_IN make a faithful check need a private copy of it:
 * - its .aff has no WORDCHARS, so the CLI cuts Devanagari words at every vowel sign and checks
 *   the pieces; the copy lists the combining signs as word characters;
 * - a few entries spell a nukta letter precomposed (U+0958–U+095F) where NFC text, which the
 *   loader produces, has consonant + U+093C; the copy adds each entry's NFC spelling too.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const INSTALL_HINT = 'apt-get install hunspell hunspell-hi';
export const SYSTEM_DICTIONARY = '/usr/share/hunspell/hi_IN';

/** Candrabindu … visarga, the vowel signs, nukta, virama and the rarer signs. */
const WORD_CHARS = 'ँंःऺऻ़ािीुूृॄॅॆेैॉॊोौ्ॎॏॢॣ';

/** Why the checker cannot run here, or null when it can. */
export function hunspellMissing(dictionary = SYSTEM_DICTIONARY): string | null {
  try {
    execFileSync('hunspell', ['-v'], { stdio: 'ignore' });
  } catch {
    return `the hunspell command is not installed (${INSTALL_HINT})`;
  }
  if (!existsSync(`${dictionary}.aff`) || !existsSync(`${dictionary}.dic`)) {
    return `the Hindi dictionary ${dictionary}.{aff,dic} is not installed (${INSTALL_HINT})`;
  }
  return null;
}

export class HindiDictionary {
  private readonly base: string;
  private readonly folder: string;

  private constructor(folder: string) {
    this.folder = folder;
    this.base = path.join(folder, 'hi_IN');
  }

  /** A private copy of `dictionary` (a path without .aff/.dic) set up for whole-word checks. */
  static open(dictionary = SYSTEM_DICTIONARY): HindiDictionary {
    const missing = hunspellMissing(dictionary);
    if (missing) throw new Error(missing);
    const folder = mkdtempSync(path.join(tmpdir(), 'samvad-hunspell-'));
    const aff = readFileSync(`${dictionary}.aff`, 'utf8');
    writeFileSync(path.join(folder, 'hi_IN.aff'), `${aff.trimEnd()}\nWORDCHARS ${WORD_CHARS}\n`);
    const [, ...entries] = readFileSync(`${dictionary}.dic`, 'utf8').split('\n');
    const words = entries.filter((entry) => entry.trim() !== '');
    const extra = words.map((w) => w.normalize('NFC')).filter((w, index) => w !== words[index]);
    const all = [...words, ...extra];
    writeFileSync(path.join(folder, 'hi_IN.dic'), `${all.length}\n${all.join('\n')}\n`);
    return new HindiDictionary(folder);
  }

  /** Which of `words` the dictionary knows (one hunspell run for the whole batch). */
  known(words: Iterable<string>): Set<string> {
    const list = [...new Set(words)].filter((word) => !/\s/.test(word) && word !== '');
    if (list.length === 0) return new Set();
    const result = spawnSync('hunspell', ['-d', this.base, '-w', '-i', 'utf-8'], {
      input: `${list.join('\n')}\n`,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (result.status !== 0) {
      throw new Error(`hunspell failed (${result.status}): ${result.stderr.trim()}`);
    }
    const unknown = new Set(result.stdout.split('\n'));
    return new Set(list.filter((word) => !unknown.has(word)));
  }

  close(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}
