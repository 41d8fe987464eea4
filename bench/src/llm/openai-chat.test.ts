import { describe, expect, it } from 'vitest';
import { chatHistoryOf, parseCompletionRequest } from './openai-chat.ts';

describe('the local model server’s chat-completions request', () => {
  it('reads what the AI SDK sends: text parts, max_tokens, temperature, stream', () => {
    const request = parseCompletionRequest(
      JSON.stringify({
        model: 'any',
        messages: [
          { role: 'system', content: 'Rules.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Passages: ' },
              { type: 'text', text: '[1] …' },
            ],
          },
        ],
        max_tokens: 1500,
        temperature: 0.2,
        seed: 7,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(request).toEqual({
      messages: [
        { role: 'system', content: 'Rules.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Passages: ' },
            { type: 'text', text: '[1] …' },
          ],
        },
      ],
      stream: true,
      maxTokens: 1500,
      temperature: 0.2,
      frequencyPenalty: undefined,
      presencePenalty: undefined,
      seed: 7,
    });
    if (typeof request === 'string') throw new Error(request);
    expect(chatHistoryOf(request.messages)).toEqual([
      { type: 'system', text: 'Rules.' },
      { type: 'user', text: 'Passages: [1] …' },
    ]);
  });

  it('keeps the turns in order, with the system messages joined first', () => {
    const request = parseCompletionRequest(
      JSON.stringify({
        messages: [
          { role: 'system', content: 'One.' },
          { role: 'user', content: 'Q1' },
          { role: 'assistant', content: 'A1' },
          { role: 'developer', content: 'Two.' },
          { role: 'user', content: 'Q2' },
        ],
        max_completion_tokens: 7,
      }),
    );
    if (typeof request === 'string') throw new Error(request);
    expect(request).toMatchObject({ stream: false, maxTokens: 7 });
    expect(chatHistoryOf(request.messages)).toEqual([
      { type: 'system', text: 'One.\n\nTwo.' },
      { type: 'user', text: 'Q1' },
      { type: 'model', response: ['A1'] },
      { type: 'user', text: 'Q2' },
    ]);
  });

  it('says what is wrong with a request it cannot serve', () => {
    expect(parseCompletionRequest('{')).toBe('The body is not JSON');
    expect(parseCompletionRequest(JSON.stringify({ messages: [] }))).toBe(
      'messages: messages must not be empty',
    );
    expect(
      parseCompletionRequest(
        JSON.stringify({ messages: [{ role: 'user', content: 'x' }], max_tokens: -1 }),
      ),
    ).toMatch(/^max_tokens: /);
  });
});
