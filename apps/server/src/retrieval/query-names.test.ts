import { describe, expect, it } from 'vitest';
import { nameMatcher, withoutNames } from './query-names.ts';

const matcher = nameMatcher(['Dr. B. R. Ambedkar', 'Ambedkar', "Ambedkar's", 'Babasaheb', 'आंबेडकर']);

describe('withoutNames', () => {
  it("leaves the reformer's names and spellings out of a search", () => {
    expect(withoutNames('What did Dr. Ambedkar say about caste?', matcher)).toBe(
      'What did say about caste?',
    );
    expect(withoutNames("Dr. B. R. Ambedkar's view of Buddhism", matcher)).toBe('view of Buddhism');
    expect(withoutNames('Babasaheb on education', matcher)).toBe('on education');
    expect(withoutNames('आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?', matcher)).toBe(
      'आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?',
    );
    expect(withoutNames('आंबेडकर शिक्षण', matcher)).toBe('शिक्षण');
  });

  it('keeps a name that is part of another word, and a question that is only the name', () => {
    expect(withoutNames('Ambedkarite movements', matcher)).toBe('Ambedkarite movements');
    expect(withoutNames('Ambedkar?', matcher)).toBe('Ambedkar?');
    expect(withoutNames('caste', null)).toBe('caste');
  });
});
