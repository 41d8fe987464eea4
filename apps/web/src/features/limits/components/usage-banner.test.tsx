import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { limitsRecord } from '../test/limits-record.ts';
import { UsageBanner } from './usage-banner.tsx';

describe('UsageBanner', () => {
  it('shows nothing under 80%, for unlimited limits or without a record', () => {
    const { container, rerender } = render(
      <UsageBanner limits={limitsRecord({ requestsUsedDay: 19 })} conversationMessageCount={15} />,
    );
    expect(container.innerHTML).toBe('');
    rerender(
      <UsageBanner
        limits={limitsRecord({
          maxRequestsPerDay: -1,
          maxMessagesPerConversation: -1,
          requestsUsedDay: 300,
        })}
        conversationMessageCount={300}
      />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<UsageBanner limits={undefined} conversationMessageCount={20} />);
    expect(container.innerHTML).toBe('');
  });

  it('warns politely at 80% with the usage and the reset hint', () => {
    render(
      <UsageBanner limits={limitsRecord({ requestsUsedDay: 20 })} conversationMessageCount={0} />,
    );
    const banner = screen.getByRole('status');
    expect(banner.dataset.level).toBe('warning');
    expect(screen.getByText('Rate limit warning')).toBeTruthy();
    expect(banner.textContent).toContain('20 of 25 requests used today. Resets tomorrow.');
  });

  it('says the limit is almost reached from 95%', () => {
    render(<UsageBanner limits={limitsRecord()} conversationMessageCount={19} />);
    const banner = screen.getByRole('status');
    expect(banner.dataset.level).toBe('almost');
    expect(screen.getByText('Rate limit almost reached')).toBeTruthy();
    expect(banner.textContent).toContain(
      '19 of 20 messages used in this conversation. Resets in a new conversation.',
    );
  });

  it('alerts when the daily requests are used up', () => {
    render(
      <UsageBanner limits={limitsRecord({ requestsUsedDay: 25 })} conversationMessageCount={2} />,
    );
    const banner = screen.getByRole('alert');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Rate limit reached')).toBeTruthy();
    expect(banner.textContent).toContain(
      "You've reached your daily request limit. Resets tomorrow.",
    );
  });

  it('alerts when the conversation has no messages left', () => {
    render(<UsageBanner limits={limitsRecord()} conversationMessageCount={20} />);
    expect(screen.getByRole('alert').textContent).toContain(
      "You've reached the maximum messages for this conversation. Resets in a new conversation.",
    );
  });

  it('lists both limits under the most severe title', () => {
    render(
      <UsageBanner limits={limitsRecord({ requestsUsedDay: 21 })} conversationMessageCount={20} />,
    );
    const banner = screen.getByRole('alert');
    expect(screen.getByText('Rate limit reached')).toBeTruthy();
    const items = banner.querySelectorAll('li');
    expect([...items].map((item) => item.textContent)).toEqual([
      '21 of 25 requests used today. Resets tomorrow.',
      "You've reached the maximum messages for this conversation. Resets in a new conversation.",
    ]);
  });
});
