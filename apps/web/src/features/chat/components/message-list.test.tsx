import { UNVERIFIED_ANSWER_NOTICE } from '@samvad/contracts/conversation-rules';
import { fireEvent, render, screen, within } from '@testing-library/react';
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

  describe('following the newest answer', () => {
    const list = (content: string) => (
      <MessageList
        messages={[message({ key: 'a', content })]}
        isTyping={false}
        renderUser={(m) => <p>{m.content}</p>}
        renderAssistant={(m) => <p>{m.content}</p>}
      />
    );

    /**
     * A streaming answer, its reader at the bottom of a 1000 px conversation in a 400 px view.
     * jsdom lays nothing out: the sizes are set by hand, as a browser would report them.
     */
    function atTheBottom() {
      const { rerender } = render(list('Streaming'));
      const scroller = screen.getByTestId('message-scroller');
      const layout = { scrollHeight: 1000, clientHeight: 400 };
      let top = 0;
      Object.defineProperty(scroller, 'scrollHeight', { get: () => layout.scrollHeight });
      Object.defineProperty(scroller, 'clientHeight', { get: () => layout.clientHeight });
      Object.defineProperty(scroller, 'scrollTop', {
        get: () => top,
        set: (value: number) => {
          top = Math.max(0, Math.min(value, layout.scrollHeight - layout.clientHeight));
        },
      });
      scroller.scrollTop = 600;
      fireEvent.scroll(scroller);
      return { rerender, scroller, layout };
    }

    it('stays at the bottom when content grows under the reader before the next token', () => {
      const { rerender, scroller, layout } = atTheBottom();
      // A sources row 103 px tall is drawn, and a scroll event is measured before anything follows.
      layout.scrollHeight = 1103;
      fireEvent.scroll(scroller);
      rerender(list('Streaming on'));
      expect(scroller.scrollTop).toBe(703);
      fireEvent.scroll(scroller); // as a browser reports the scroll the list made
      expect(screen.queryByRole('button', { name: 'Scroll to bottom' })).toBeNull();
    });

    it('lets a reader who scrolled up read on, and brings them back on request', async () => {
      const { rerender, scroller, layout } = atTheBottom();
      scroller.scrollTop = 300;
      fireEvent.scroll(scroller);
      layout.scrollHeight = 1200;
      rerender(list('Streaming on'));
      expect(scroller.scrollTop).toBe(300);
      const back = screen.getByRole('button', { name: 'Scroll to bottom' });
      scroller.scrollTo = ((options: ScrollToOptions) => {
        scroller.scrollTop = options.top ?? 0;
      }) as typeof scroller.scrollTo;
      await userEvent.setup().click(back);
      expect(scroller.scrollTop).toBe(800);
      rerender(list('Streaming on and on'));
      layout.scrollHeight = 1300;
      rerender(list('Streaming on and on, more'));
      expect(scroller.scrollTop).toBe(900);
    });
  });
});
