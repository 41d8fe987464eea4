import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { limitsRecord } from '../test/limits-record.ts';
import { UsageChip, UsageChips } from './usage-chip.tsx';

describe('UsageChip', () => {
  it('is hidden under 80% of the limit', () => {
    const { container } = render(<UsageChip kind="messages" used={15} limit={20} />);
    expect(container.innerHTML).toBe('');
    render(<UsageChip kind="requests" used={19} limit={25} />);
    expect(screen.queryByText(/requests today/)).toBeNull();
  });

  it('shows at 80% with the warning level', () => {
    render(<UsageChip kind="messages" used={16} limit={20} />);
    const chip = screen.getByText('16/20 messages').parentElement;
    expect(chip?.dataset.level).toBe('warning');
  });

  it.each([
    [18, 20, 'warning'],
    [19, 20, 'almost'],
    [20, 20, 'reached'],
  ] as const)('colours %i/%i as %s', (used, limit, level) => {
    render(<UsageChip kind="messages" used={used} limit={limit} />);
    expect(screen.getByText(`${used}/${limit} messages`).parentElement?.dataset.level).toBe(level);
  });

  it('gives screen readers the whole sentence and the level instead of the short text', () => {
    render(<UsageChip kind="requests" used={24} limit={25} />);
    const short = screen.getByText('24/25 requests today');
    expect(short.getAttribute('aria-hidden')).toBe('true');
    expect(
      screen.getByText('24 of 25 requests used today. Rate limit almost reached'),
    ).toBeTruthy();
    expect(short.parentElement?.getAttribute('title')).toBe(
      '24 of 25 requests used today. Rate limit almost reached',
    );
  });

  it('never shows for an unlimited limit', () => {
    const { container } = render(<UsageChip kind="requests" used={999} limit={-1} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('UsageChips', () => {
  it('shows nothing when both limits are under 80%, or without a record', () => {
    const { container, rerender } = render(
      <UsageChips limits={limitsRecord({ requestsUsedDay: 19 })} conversationMessageCount={15} />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<UsageChips limits={undefined} conversationMessageCount={20} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows a chip per limit at 80% or more, daily requests from the record', () => {
    render(
      <UsageChips limits={limitsRecord({ requestsUsedDay: 24 })} conversationMessageCount={18} />,
    );
    const group = screen.getByRole('list', { name: 'Usage limits' });
    expect(within(group).getByText('24/25 requests today')).toBeTruthy();
    expect(within(group).getByText('18/20 messages')).toBeTruthy();
  });

  it('shows only the limit that is high', () => {
    render(
      <UsageChips limits={limitsRecord({ requestsUsedDay: 3 })} conversationMessageCount={16} />,
    );
    expect(screen.getByText('16/20 messages')).toBeTruthy();
    expect(screen.queryByText(/requests today/)).toBeNull();
  });
});
