/**
 * Turns text typed in a legacy Devanagari font (tables.ts) into Unicode Devanagari: look the
 * codes up (longest match), complete half consonants with the bar, then move the two marks the
 * legacy order puts on the wrong side: the pre-base ि forward past its consonant cluster, the
 * reph back before the cluster it sits on. Unknown codes (digits, Latin punctuation) pass through.
 */
import { type LegacyFamily, PRE_BASE_I, REPH, TABLES } from './tables.ts';

type CompiledTable = { byFirst: Map<string, [string, string][]> };

const compiled = new Map<LegacyFamily, CompiledTable>();

function compile(family: LegacyFamily): CompiledTable {
  const cached = compiled.get(family);
  if (cached) return cached;
  const byFirst = new Map<string, [string, string][]>();
  for (const [key, value] of Object.entries(TABLES[family])) {
    const first = key[0] ?? '';
    const list = byFirst.get(first) ?? [];
    list.push([key, value]);
    byFirst.set(first, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b[0].length - a[0].length);
  const table = { byFirst };
  compiled.set(family, table);
  return table;
}

const VIRAMA = '\u094D';
const NUKTA = '\u093C';

/** क..ह, क़..य़, ळ ऱ ऩ ऴ: what a cluster is built of. */
export function isConsonant(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  return (code >= 0x915 && code <= 0x939) || (code >= 0x958 && code <= 0x95f);
}

/** Vowel signs, anusvara, candrabindu, visarga and nukta: what follows a consonant. */
function isSign(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  return (
    (code >= 0x900 && code <= 0x903) ||
    (code >= 0x93a && code <= 0x94c) ||
    code === 0x94e ||
    code === 0x94f ||
    (code >= 0x955 && code <= 0x957) ||
    code === 0x962 ||
    code === 0x963
  );
}

function lookUp(text: string, table: CompiledTable): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    const match = table.byFirst.get(char)?.find(([key]) => text.startsWith(key, i));
    if (match) {
      out += match[1];
      i += match[0].length;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/**
 * The bar "k" after a half consonant completes it, also inside ो and ौ ("Dks" is के, not को);
 * so does the stem of ी and ॉ ("ea=h" is मंत्री).
 */
function completeHalfForms(text: string): string {
  return (
    text
      // An anusvara typed between a half consonant and its bar ("Lakiknd", संपादक).
      .replaceAll(`${VIRAMA}ंा`, 'ं')
      .replaceAll(`${VIRAMA}ा`, '')
      .replaceAll(`${VIRAMA}ी`, 'ी')
      .replaceAll(`${VIRAMA}ॉ`, 'ॉ')
      .replaceAll(`${VIRAMA}ो`, 'े')
      .replaceAll(`${VIRAMA}ौ`, 'ै')
  );
}

/** Where the consonant cluster starting at `start` ends: (C ़? ्)* C ़?. */
function clusterEnd(text: string, start: number): number {
  let j = start;
  while (isConsonant(text[j])) {
    j++;
    if (text[j] === NUKTA) j++;
    if (text[j] === VIRAMA && isConsonant(text[j + 1])) {
      j++;
      continue;
    }
    break;
  }
  return j;
}

function placePreBaseI(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char !== PRE_BASE_I) {
      out += char;
      i++;
      continue;
    }
    const end = clusterEnd(text, i + 1);
    out += `${text.slice(i + 1, end)}ि`;
    i = end;
  }
  return out;
}

/** Where the syllable ending at `end` (exclusive) starts: back over signs, one consonant, and
 * the half consonants joined to it. */
function syllableStart(text: string, end: number): number {
  let k = end;
  while (k > 0 && isSign(text[k - 1])) k--;
  if (!isConsonant(text[k - 1])) return end;
  k--;
  while (k >= 2 && text[k - 1] === VIRAMA && isConsonant(text[k - 2])) k -= 2;
  return k;
}

function placeReph(text: string): string {
  let out = '';
  for (const char of text) {
    if (char !== REPH) {
      out += char;
      continue;
    }
    const start = syllableStart(out, out.length);
    out = `${out.slice(0, start)}र${VIRAMA}${out.slice(start)}`;
  }
  return out;
}

/** Orders the legacy typing allows that Unicode does not: a mark before the vowel sign. */
function canonicalOrder(text: string): string {
  return (
    text
      .replace(/([\u0901\u0902])([\u093e-\u094c])/g, '$2$1')
      .replace(/([\u093e-\u094c])\u093c/g, '\u093c$1')
      .replaceAll('ाे', 'ो')
      .replaceAll('ाै', 'ौ')
      .replaceAll('अा', 'आ')
      // ओ and औ typed as आ with an anusvara in between ("fganqvkas", हिंदुओं).
      .replaceAll('आे', 'ओ')
      .replaceAll('आै', 'औ')
      // A rakar typed after the vowel sign of its consonant ("dkaxszl", कांग्रेस).
      .replace(/([\u093e-\u094c])\u094d\u0930/g, '\u094d\u0930$1')
      // "%" is the visarga; typists use the same key for a colon ("संस्करण % 2000", "हैं%"),
      // and a visarga never follows an anusvara.
      .replace(/(^|[^\u0900-\u097f]|\u0902)ः/g, '$1:')
  );
}

export function decodeLegacyDevanagari(text: string, family: LegacyFamily): string {
  const mapped = completeHalfForms(lookUp(text, compile(family)));
  return canonicalOrder(placeReph(placePreBaseI(mapped)));
}
