import { describe, expect, it } from 'vitest';
import { nameMatcher, withoutNames } from './query-names.ts';

const matcher = nameMatcher(['Dr. B. R. Ambedkar', 'Ambedkar', "Ambedkar's", 'Babasaheb', 'आंबेडकर']);

describe('withoutNames', () => {
  it("leaves the reformer's names and spellings out of a search", () => {
    expect(withoutNames('What did Dr. Ambedkar say about caste and its remedy?', matcher)).toBe(
      'What did say about caste and its remedy?',
    );
    expect(withoutNames("Dr. B. R. Ambedkar's view of Buddhism and the Sangh", matcher)).toBe(
      'view of Buddhism and the Sangh',
    );
    expect(withoutNames('Babasaheb on education and caste reform', matcher)).toBe(
      'on education and caste reform',
    );
    expect(withoutNames('आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?', matcher)).toBe(
      'आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?',
    );
    expect(withoutNames('आंबेडकर शिक्षण जाति सुधार', matcher)).toBe('शिक्षण जाति सुधार');
  });

  it('keeps the name of a question about the reformer himself (too little else to search)', () => {
    expect(withoutNames('What year was Ambedkar born?', matcher)).toBe(
      'What year was Ambedkar born?',
    );
  });

  it('keeps a name that is part of another word, and a question that is only the name', () => {
    expect(withoutNames('Ambedkarite movements', matcher)).toBe('Ambedkarite movements');
    expect(withoutNames('Ambedkar?', matcher)).toBe('Ambedkar?');
    expect(withoutNames('caste', null)).toBe('caste');
  });
});
