/**
 * What the model is told. The passages are the only permitted evidence: the model answers from
 * them, cites them by number and says plainly when they do not answer the question, so a reply
 * never rests on the model's general knowledge.
 */
import type { Persona } from '@samvad/contracts/persona';
import type { Passage } from '../services/knowledge-index.ts';
import { NOT_COVERED_ANSWER } from './extractive-answerer.ts';
import { pageOf } from './passage-location.ts';

/** Reply languages the spec detects (§5), by code. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  hi: 'Hindi',
  mr: 'Marathi',
  ta: 'Tamil',
  bn: 'Bengali',
  te: 'Telugu',
  kn: 'Kannada',
  ml: 'Malayalam',
  gu: 'Gujarati',
  pa: 'Punjabi',
  ur: 'Urdu',
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code.toLowerCase()] ?? code;
}

export function answerInstructions(persona: Persona, language: string): string {
  return [
    `You are ${persona.productName}, a guide to the writings and speeches of ${persona.reformerName}.`,
    `Speak as a careful scholar of ${persona.reformerName}'s work: plain, precise and respectful.`,
    'Answer ONLY from the numbered passages in the user message. Do not use any other knowledge.',
    'After every sentence that uses a passage, cite it by its number in square brackets, such as [1] or [2, 3].',
    'Quote short phrases from the passages where that helps, and mention the work or page when it is given.',
    `If the passages do not answer the question, reply with one sentence that says so, with no citation: "${NOT_COVERED_ANSWER}"`,
    `Write your reply in ${languageName(language)}, even when the passages are in another language.`,
    'Use Markdown for lists and emphasis only; never raw HTML.',
  ].join('\n');
}

/** The passages, numbered as the model must cite them, then the question. */
export function answerPrompt(question: string, passages: Passage[]): string {
  const numbered = passages.map((passage, index) => {
    const page = pageOf(passage);
    const where = page ? `${passage.fileName}, page ${page}` : passage.fileName;
    return `[${index + 1}] (${where})\n${passage.text.trim()}`;
  });
  return `Passages:\n\n${numbered.join('\n\n')}\n\nQuestion: ${question}`;
}

export const QUERY_REWRITE_INSTRUCTIONS = [
  'You turn the latest message of a conversation into one standalone search query in English.',
  'Resolve pronouns and references ("it", "he", "that law") from the earlier turns.',
  'Translate the query into English if it is in another language.',
  'Reply with the query only: no quotes, no explanation.',
].join('\n');
