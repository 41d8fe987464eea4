/**
 * What the model is told. The passages are the only permitted evidence: the model answers from
 * them, cites them by number and says plainly when they do not answer the question, so a reply
 * never rests on the model's general knowledge. It answers in the question's language and quotes
 * each passage in the passage's own; when passages are in another language than the answer's,
 * each carries its language and the note to add after quoting it.
 */
import type { Persona } from '@samvad/contracts/persona';
import type { Passage } from '../retrieval/passage.ts';
import { pageOf } from './passage-location.ts';
import { shortName, workTitle } from './quote-lead.ts';
import { REPLY_TEXTS, replyLanguage, replyTexts } from './reply-texts.ts';
import { sourceLanguageNote, textLanguage } from './source-language.ts';

/** A language's name in English, for the prompt; the code itself for a language without texts. */
export function languageName(code: string): string {
  const known = replyLanguage(code);
  return known === code.trim().toLowerCase() ? REPLY_TEXTS.en.languageNames[known] : code;
}

/**
 * Short numbered rules: even a model of a few hundred million parameters follows these (the
 * model evaluation measures it). Each passage carries its speaker, so the model can tell the
 * reformer's words from everyone else's.
 */
export function answerInstructions(
  persona: Persona,
  language: string,
  passages: readonly Pick<Passage, 'text'>[] = [],
): string {
  const name = shortName(persona);
  const reply = languageName(language);
  return [
    `You are ${persona.productName}. You answer questions about the writings and speeches of ${persona.reformerName}, using ONLY the numbered passages in the user message.`,
    'Rules:',
    `1. Write your whole answer in ${reply}, whatever the language of the passages.`,
    '2. Use only what the passages say. End every sentence with the number of the passage it comes from, like [1] or [2].',
    `3. Each passage names its speaker. Say that ${name} said something only if the passage's speaker is ${name}. Name any other speaker.`,
    `4. If the passages do not answer the question, reply with exactly this sentence and nothing else: "${replyTexts(language).notCovered}"`,
    '5. Keep it short: two to four sentences. Markdown only, never HTML.',
    // Only when it applies: a rule about other languages is noise to a small model otherwise.
    ...(inOtherLanguages(passages, language)
      ? [
          '6. Never translate a quotation: quote a passage word for word, in its own language. The first time you quote or cite a passage that has a note, write the note right after its number, like [1] (note).',
        ]
      : []),
    '',
    // One worked example: small models copy a shown format far better than a described one.
    'Example.',
    'Passages:',
    '[1] Speaker: a farmer (not the author). Source: Notes on Rivers.',
    'Every year the river rises in June, when the rains come.',
    '[2] Speaker: a teacher (not the author). Source: School Days.',
    'The school closes in May.',
    'Question: When does the river rise?',
    'Answer: The farmer says the river rises every year in June, when the rains come [1].',
  ].join('\n');
}

/** The passages, numbered as the model must cite them, each with its speaker and work, then the question. */
export function answerPrompt(
  question: string,
  passages: Passage[],
  persona: Persona,
  language: string,
): string {
  const labelled = inOtherLanguages(passages, language);
  const numbered = passages.map((passage, index) => {
    const page = pageOf(passage);
    const work = page ? `${workTitle(passage)}, page ${page}` : workTitle(passage);
    const head = `[${index + 1}] Speaker: ${speakerLine(passage, persona)}. Source: ${work}.`;
    return `${labelled ? `${head}${languageLine(passage, language)}` : head}\n${passage.text.trim()}`;
  });
  return [
    `Passages:\n\n${numbered.join('\n\n')}`,
    `Question: ${question}`,
    `Answer in ${languageName(language)}, citing the passages like [1].`,
  ].join('\n\n');
}

/** Whether any passage is in another language than the answer's. */
function inOtherLanguages(passages: readonly Pick<Passage, 'text'>[], language: string): boolean {
  return passages.some((passage) => sourceLanguageNote(passage.text, language) !== null);
}

/** " Language: English. Note: (स्रोत अंग्रेज़ी में है।)": what the passage is in, and its note. */
function languageLine(passage: Pick<Passage, 'text'>, language: string): string {
  const source = textLanguage(passage.text);
  if (!source) return '';
  const note = sourceLanguageNote(passage.text, language);
  const name = REPLY_TEXTS.en.languageNames[source];
  return note ? ` Language: ${name}. Note: (${note})` : ` Language: ${name}.`;
}

function speakerLine(passage: Passage, persona: Persona): string {
  const name = shortName(persona);
  switch (passage.speakerRole) {
    case 'reformer':
      return persona.reformerName;
    case 'other':
      return `${passage.speaker ?? 'another person'} (not ${name})`;
    case 'editor':
      return `the editor${passage.speaker ? `, ${passage.speaker}` : ''} (not ${name})`;
    default:
      return `not known (do not attribute these words to ${name})`;
  }
}

export const QUERY_REWRITE_INSTRUCTIONS = [
  'You turn the latest message of a conversation into one standalone search query in English.',
  'Resolve pronouns and references ("it", "he", "that law") from the earlier turns.',
  'Translate the query into English if it is in another language.',
  'Reply with the query only: no quotes, no explanation.',
].join('\n');
