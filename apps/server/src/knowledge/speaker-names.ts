/**
 * Who the reformer is comes from the persona file, never from code: a speaker's name, a
 * byline or a signature is his when it is one of the persona's names, whatever the spelling
 * ("The Honourable Dr. B. R. Ambedkar", "B.R. AMBEDKAR", "BHIMRAO R. AMBEDKAR").
 */
import { readFile } from 'node:fs/promises';
import { type Persona, personaSchema } from '@samvad/contracts/persona';

/** The part of the persona that says who the reformer is. */
export type ReformerNames = Pick<Persona, 'reformerName' | 'reformerAliases'>;

let defaults: Promise<ReformerNames> | null = null;

/** The default persona file's names (apps/server/config), for callers that pass no persona. */
export function defaultReformerNames(): Promise<ReformerNames> {
  defaults ??= readFile(new URL('../../config/persona.default.json', import.meta.url), 'utf8').then(
    (text) => personaSchema.parse(JSON.parse(text)),
  );
  return defaults;
}

/** Titles that say nothing about who someone is, in the corpus's languages. */
const HONORIFICS = new Set([
  'the',
  'hon',
  'honble',
  'honourable',
  'honorable',
  'dr',
  'doctor',
  'mr',
  'mrs',
  'ms',
  'shri',
  'shrimati',
  'sri',
  'sjt',
  'smt',
  'sir',
  'mahatma',
  'pandit',
  'prof',
  'professor',
  'sardar',
  'babu',
  'maulana',
  'acharya',
  'dear',
  'my',
  'revered',
  'डॉ',
  'डॉक्टर',
  'श्री',
  'டாக்டர்',
]);

/** Lower-case words of a name, possessives and titles dropped: "Dr. Ambedkar's" → ["ambedkar"]. */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s(?![\p{L}\p{M}])/gu, '')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((token) => token.length > 0 && !HONORIFICS.has(token));
}

const ROMAN = /^[ivxlc]+$/;

export class SpeakerNames {
  private readonly names: string[][];
  private readonly words: Set<string>;
  /** The persona's name for him, the one his passages are credited to. */
  readonly reformerName: string;

  constructor(persona: ReformerNames) {
    this.reformerName = persona.reformerName;
    this.names = [persona.reformerName, ...persona.reformerAliases]
      .map(nameTokens)
      .filter((tokens) => tokens.length > 0);
    this.words = new Set(this.names.flat());
  }

  /**
   * True when every word of the name is one of the reformer's names or an initial, and one of
   * his names appears whole: "B. R. Ambedkar" is he, "Yashwant Ambedkar" and "Doctor Saheb"
   * (half of "Baba Saheb") are not.
   */
  isReformer(name: string): boolean {
    return this.matches(nameTokens(name));
  }

  /** The reformer's name at the start of `text` (after titles), as in a byline "by …". */
  startsWithReformer(text: string): boolean {
    const tokens = nameTokens(text.slice(0, 120));
    const name: string[] = [];
    for (const token of tokens) {
      if (!this.words.has(token) && token.length > 1) break;
      name.push(token);
    }
    return this.matches(name);
  }

  /** One of the reformer's names, whole, anywhere in `text` ("… Dr. Babasaheb Ambedkar: Writings …"). */
  mentions(text: string): boolean {
    const tokens = nameTokens(text);
    return this.names.some((name) =>
      tokens.some((_, start) => name.every((word, offset) => tokens[start + offset] === word)),
    );
  }

  private matches(tokens: readonly string[]): boolean {
    if (tokens.length === 0) return false;
    if (!tokens.every((token) => this.words.has(token) || token.length === 1 || ROMAN.test(token)))
      return false;
    return this.names.some((name) =>
      tokens.some((_, start) => name.every((word, offset) => tokens[start + offset] === word)),
    );
  }
}

/**
 * A name as the source prints it, made readable: capitals to title case, titles and the
 * Hindi "-ji" of respect dropped ("Shri Sant Ramji" → "Sant Ram", "MAHATMA GANDHI" → "Gandhi").
 */
export function displayName(raw: string): string {
  const words = raw
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => !HONORIFICS.has(word.toLowerCase().replace(/[.'’]/g, '')));
  const shown = words.map((word) => {
    const cased = /\p{Ll}/u.test(word) ? word : word.toLowerCase();
    // "narang" and "NARANG" alike read "Narang"; "D'Souza" and "B.R." keep their capitals.
    return cased.replace(
      /(^|[^\p{L}\p{M}'’])(\p{Ll})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
  });
  const last = shown.length - 1;
  const final = shown[last];
  if (final && shown.length > 1 && /^\p{Lu}\p{Ll}{2,}ji$/u.test(final))
    shown[last] = final.slice(0, -2);
  return shown.join(' ').replace(/[,;:]+$/, '');
}
