/**
 * What kind of answer a question asks for, so the offline answer can lead with the sentence
 * that gives it: a reason for "why", a date for "when", a name for "who", a definition for
 * "what is X". Read from English question words and their Hindi and Marathi equivalents (the
 * offline answerer has no model to translate the question).
 */

export type QuestionType = 'why' | 'when' | 'who' | 'definition' | 'other';

const TYPE_PATTERNS: Array<[QuestionType, RegExp]> = [
  [
    'why',
    /\b(why|for what reason|what (?:was|were|is|are) the reasons?)\b|क्यों|कारण|का\s+केले|कशासाठी/iu,
  ],
  [
    'when',
    // "When" asks only where it opens the question: "…pay damages when a child…" does not.
    /^\s*(?:and\s+|but\s+)?when\b|\b(what year|which year|what date|in what year|on what date)\b|कब|किस (?:वर्ष|साल)|कधी|कोणत्या वर्षी/iu,
  ],
  // Likewise "who": "…the man who wrote…" asks for no name.
  ['who', /^\s*(?:and\s+|but\s+)?(?:who|whom|whose)\b|\bby whom\b|कौन|किसने|कोण|कोणी/iu],
  [
    'definition',
    /^\s*(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)?(?:meaning of\s+|definition of\s+)?[\p{L}'’ -]{2,40}\??\s*$|\b(define|definition of|meaning of|what does .+ mean)\b|क्या है|क्या हैं|म्हणजे काय/iu,
  ],
];

export function questionType(question: string): QuestionType {
  for (const [type, pattern] of TYPE_PATTERNS) if (pattern.test(question)) return type;
  return 'other';
}

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December';

/** Sentences that give what each type of question asks for. */
const ANSWER_CUES: Record<Exclude<QuestionType, 'other'>, RegExp> = {
  // "because" denied or reported ("was not brought here because of that", "some say that
  // because…") gives no reason of the speaker's own.
  why: /(?<!\b(?:not|never|say|says|said|claim|claims|think|thought)\b[^.;]{0,80})\bbecause\b|\b(?:the reasons? (?:for|of|why|is|was)|reason for|main reason|owing to|due to|on account of|that is why|for this reason|the cause of|the object (?:of|was))\b/i,
  when: new RegExp(
    `\\b(1[0-9]{3}|20[0-9]{2}|[0-9]{1,4} (?:B\\.C|A\\.D)|(?:${MONTHS})\\b|(?:${MONTHS}) [0-9]{1,2}|[0-9]{1,2}(?:st|nd|rd|th) (?:of )?(?:${MONTHS})|in the year)`,
    'i',
  ),
  // A name: two or more capitalised words, or an initial and a surname, after the first word.
  who: /\s(?:\p{Lu}\.\s?)+\p{Lu}\p{Ll}+|\s\p{Lu}\p{Ll}+(?:\s+(?:\p{Lu}\.|\p{Lu}\p{Ll}+))+/u,
  // "Dhamma consists of…": the thing asked about, then the defining verb (see givesAnswer).
  definition:
    /([\p{L}'’-]+)\s+(?:is|are|means|meant|consists of|consist of|is defined as|is nothing but|is nothing else than|stands for|signifies)\b/giu,
};

/**
 * A definition that names the term after its verb or in apposition: "This is fraternity, which
 * is only another name for democracy", "fraternity, which is…", "by fraternity I mean…".
 */
const NAMED_DEFINITION =
  /\b(?:this|that|it|such) (?:is|was) ([\p{L}'’-]+)|([\p{L}'’-]+), (?:which|that) (?:is|means)\b|\bby ([\p{L}'’-]+),? (?:I|we|he) mean/giu;

/**
 * Whether the sentence gives the kind of answer the question asks for. A definition must define
 * what was asked about: one of the question's terms stands right before the defining verb.
 */
export function givesAnswer(
  type: QuestionType,
  sentence: string,
  isQuestionTerm: (word: string) => boolean = () => true,
): boolean {
  if (type === 'other') return false;
  const cue = ANSWER_CUES[type];
  if (type !== 'definition') return cue.test(sentence);
  for (const match of sentence.matchAll(cue)) if (isQuestionTerm(match[1] ?? '')) return true;
  for (const match of sentence.matchAll(NAMED_DEFINITION))
    if (isQuestionTerm(match[1] ?? match[2] ?? match[3] ?? '')) return true;
  return false;
}
