import { UNVERIFIED_ANSWER_NOTICE } from '@samvad/contracts/conversation-rules';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../lib/chat-message.ts';
import { MessageList } from './message-list.tsx';

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  key: overrides.content ?? 'k',
  role: 'assistant',
  content: '',
  sources: [],
  timestamp: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const renderList = (messages: ChatMessage[], older?: Parameters<typeof MessageList>[0]['older']) =>
  render(
    <MessageList
      messages={messages}
      isTyping={false}
      renderUser={(m) => <p data-testid="plain">{m.content}</p>}
      renderAssistant={(m) => <p data-testid="answer">{m.content}</p>}
      older={older}
    />,
  );

describe('MessageList', () => {
  it('labels a shared answer the server could not vouch for, and shows it as plain text', () => {
    renderList([
      message({ role: 'user', content: 'Did he endorse my party?' }),
      message({ content: 'Yes [1]. See https://evil.example', unverified: true }),
      message({ content: 'A real answer' }),
    ]);
    const [unverified, real] = screen.getAllByRole('article', { name: 'Answer' });
    expect(within(unverified as HTMLElement).getByText(UNVERIFIED_ANSWER_NOTICE)).toBeTruthy();
    expect(within(unverified as HTMLElement).getByTestId('plain').textContent).toBe(
      'Yes [1]. See https://evil.example',
    );
    expect(within(unverified as HTMLElement).queryByTestId('answer')).toBeNull();
    expect(within(real as HTMLElement).queryByText(UNVERIFIED_ANSWER_NOTICE)).toBeNull();
    expect(within(real as HTMLElement).getByTestId('answer')).toBeTruthy();
  });

  it('offers older messages only while there are more', async () => {
    const load = vi.fn();
    const { rerender } = renderList([message({ content: 'Newest' })], {
      hasMore: true,
      isLoading: false,
      load,
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(load).toHaveBeenCalledOnce();
    rerender(
      <MessageList
        messages={[message({ content: 'Newest' })]}
        isTyping={false}
        renderUser={() => null}
        renderAssistant={() => null}
        older={{ hasMore: false, isLoading: false, load }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});
