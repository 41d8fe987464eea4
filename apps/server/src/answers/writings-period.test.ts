import { describe, expect, it } from 'vitest';
import { asksOnlyAfter, yearsIn } from './writings-period.ts';

describe('yearsIn', () => {
  it('reads years in Latin and Devanagari digits', () => {
    expect(yearsIn('Why did Indira Gandhi declare a national Emergency in June 1975?')).toEqual([
      1975,
    ]);
    expect(yearsIn('२०११ का क्रिकेट विश्व कप किस टीम ने जीता था?')).toEqual([2011]);
    expect(yearsIn('Between 1927 and 1956, what changed?')).toEqual([1927, 1956]);
  });

  it('leaves out counts and longer numbers', () => {
    expect(yearsIn('How many of the 7,635 amendments were moved?')).toEqual([]);
    expect(yearsIn('Was caste 2000 years old, as he said?')).toEqual([]);
    expect(yearsIn('हज़ारों साल पुरानी जाति, 2000 साल पहले?')).toEqual([]);
    expect(yearsIn('About 12000 villages and 2.5 crore people')).toEqual([]);
  });
});

describe('asksOnlyAfter', () => {
  it('is true when every year named is after the writings end', () => {
    expect(
      asksOnlyAfter(
        'What is the 10% EWS reservation introduced by the 103rd Constitutional Amendment in 2019?',
        1956,
      ),
    ).toBe(true);
    expect(asksOnlyAfter('What does the Act of 1989 punish?', 1956)).toBe(true);
  });

  it('is false for a question within the writings, one that also names an earlier year, or none', () => {
    expect(asksOnlyAfter('What did Ambedkar say at Mahad in 1927?', 1956)).toBe(false);
    expect(asksOnlyAfter('Did his 1936 speech still matter in 1990?', 1956)).toBe(false);
    expect(asksOnlyAfter('Why did Ambedkar resign from the cabinet?', 1956)).toBe(false);
  });

  it('is false when the persona sets no end', () => {
    expect(asksOnlyAfter('Who won the 2022 FIFA World Cup?', undefined)).toBe(false);
  });
});
