import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { testPassage } from '../../test/support/test-passage.ts';
import type { Passage } from '../retrieval/passage.ts';
import { answerInstructions, answerPrompt, languageName } from './prompt.ts';

const persona = { reformerName: 'Dr. B. R. Ambedkar', productName: 'Samvad' } as Persona;

function passage(text: string, title: string): Passage {
  return testPassage(text, {
    id: title,
    documentId: title,
    fileName: `${title}.txt`,
    title,
    link: `/api/documents/${title}/file`,
  });
}

// Team-written test sentences, not Ambedkar's words.
const ENGLISH = passage(
  'Caste will not fall while people hold the shastras to be sacred.',
  'Remedy',
);
const HINDI = passage('जब तक लोग शास्त्रों को पवित्र मानते रहेंगे, तब तक जाति नहीं टूटेगी।', 'Adhar');

describe('the answer prompt and the languages of its passages', () => {
  it('tells the model to quote in the passage’s language and gives the note in the reader’s', () => {
    const rules = answerInstructions(persona, 'hi', [ENGLISH, HINDI]);
    expect(rules).toContain(
      '1. Write your whole answer in Hindi, whatever the language of the passages.',
    );
    expect(rules).toContain('6. Never translate a quotation');
    const prompt = answerPrompt('जाति कैसे टूटेगी?', [ENGLISH, HINDI], persona, 'hi');
    expect(prompt).toContain(
      '[1] Speaker: Dr. B. R. Ambedkar. Source: Remedy. Language: English. Note: (स्रोत अंग्रेज़ी में है।)\n',
    );
    expect(prompt).toContain('[2] Speaker: Dr. B. R. Ambedkar. Source: Adhar. Language: Hindi.\n');
  });

  it('says nothing of languages when every passage is in the answer’s', () => {
    expect(answerInstructions(persona, 'en', [ENGLISH])).not.toContain('6.');
    expect(answerPrompt('What is the remedy?', [ENGLISH], persona, 'en')).toContain(
      '[1] Speaker: Dr. B. R. Ambedkar. Source: Remedy.\nCaste will not fall',
    );
    expect(answerInstructions(persona, 'hi', [HINDI])).not.toContain('6.');
    // An English question quoting a Hindi passage is told it too.
    expect(answerPrompt('What breaks caste?', [HINDI], persona, 'en')).toContain(
      'Language: Hindi. Note: (The source is in Hindi.)',
    );
  });

  it('names languages in English, and an unknown code as it is', () => {
    expect(languageName('ta')).toBe('Tamil');
    expect(languageName('HI')).toBe('Hindi');
    expect(languageName('fr')).toBe('fr');
  });
});
