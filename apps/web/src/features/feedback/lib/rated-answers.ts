import type { AnswerRating } from '@samvad/contracts/answer-feedback';

/**
 * The reader's ratings, remembered in this browser by answer signature, so the thumbs show what
 * they chose after a reload. The server keeps the rating itself; this is only what is shown.
 */
const STORAGE_KEY = 'samvad.answer-ratings';
/** Oldest forgotten first past this many (a long-lived browser must not grow without bound). */
const MAX_REMEMBERED = 500;

type Remembered = Record<string, Pick<AnswerRating, 'rating' | 'reasons' | 'comment'>>;

function readAll(): Remembered {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Remembered) : {};
  } catch {
    return {};
  }
}

export function rememberedRating(signature: string) {
  return readAll()[signature] ?? null;
}

export function rememberRating(
  signature: string,
  rating: Pick<AnswerRating, 'rating' | 'reasons' | 'comment'> | null,
): void {
  const all = readAll();
  delete all[signature];
  if (rating) all[signature] = rating;
  const entries = Object.entries(all).slice(-MAX_REMEMBERED);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // A full or disabled storage only costs the thumbs' memory across reloads.
  }
}
