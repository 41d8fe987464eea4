import { describe, expect, it } from 'vitest';
import { looksLikeFollowUp, standaloneQuery } from './follow-up.ts';

const history = [
  { role: 'user' as const, content: 'What did Ambedkar say about the Buddha and rituals?' },
  { role: 'assistant' as const, content: 'He said the Buddha rejected ritualism [1].' },
];

describe('follow-up questions', () => {
  it('recognises questions that lean on what came before', () => {
    expect(looksLikeFollowUp('What did he say about it later?')).toBe(true);
    expect(looksLikeFollowUp('Why?')).toBe(true);
    expect(looksLikeFollowUp('What is the real remedy for the caste system?')).toBe(false);
  });

  it('adds the earlier question to a follow-up, and leaves a standalone question alone', () => {
    expect(standaloneQuery('Why was he against them?', history)).toBe(
      'Why was he against them?\nWhat did Ambedkar say about the Buddha and rituals?',
    );
    expect(standaloneQuery('What is the remedy for caste?', history)).toBe(
      'What is the remedy for caste?',
    );
    expect(standaloneQuery('Why?', [])).toBe('Why?');
  });

  it('reaches past a chain of follow-ups to the question that named the subject', () => {
    const chain = [...history, { role: 'user' as const, content: 'And why?' }];
    expect(standaloneQuery('Tell me more about that.', chain)).toBe(
      'Tell me more about that.\nAnd why?\nWhat did Ambedkar say about the Buddha and rituals?',
    );
  });
});
