import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestsTo, stubApi } from '../../../test/render-app.tsx';
import { AnswerRating } from './answer-rating.tsx';

const SIGNATURE = 'a'.repeat(43);
const ANSWER = {
  question: 'What is the remedy?',
  answer: 'Intermarriage [1].',
  sources: [{ file_name: 'aoc.pdf', page: 30, score: 0.8 }],
  signature: SIGNATURE,
};
const RATINGS = '/api/answer-ratings';
const OWN = `${RATINGS}/${SIGNATURE}`;

/** The server's answer to a rating: what it was sent, as stored. */
function echo(init: RequestInit | undefined) {
  const body = JSON.parse(String(init?.body));
  return {
    status: 200,
    body: {
      rating: {
        rating: body.rating,
        reasons: body.reasons,
        comment: body.comment ?? null,
        updatedAt: '2026-11-28T08:00:00.000Z',
      },
    },
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('AnswerRating', () => {
  it('asks for a reason before a thumbs-down is sent, then sends reasons and comment', async () => {
    const fetchMock = stubApi({ [RATINGS]: echo });
    const user = userEvent.setup();
    render(<AnswerRating {...ANSWER} />);
    const bad = screen.getByRole('button', { name: 'Bad answer' });
    await user.click(bad);
    const form = screen.getByRole('form', { name: 'What was wrong?' });
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose at least one reason');
    expect(requestsTo(fetchMock, RATINGS)).toEqual([]);

    await user.click(within(form).getByLabelText('Wrong speaker'));
    await user.type(within(form).getByLabelText('Comment (optional)'), ' Not his words. ');
    expect(within(form).getByText('14/500')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect(requestsTo(fetchMock, RATINGS, 'PUT')).toEqual([
      { ...ANSWER, rating: 'down', reasons: ['wrong_speaker'], comment: 'Not his words.' },
    ]);
    expect(await screen.findByText('Thanks for your feedback')).toBeTruthy();
    expect(bad.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('changes to a thumbs-up, withdraws it with a second press, and remembers the choice', async () => {
    const fetchMock = stubApi({
      [RATINGS]: echo,
      [OWN]: { status: 200, body: { ok: true } },
    });
    const user = userEvent.setup();
    const { unmount } = render(<AnswerRating {...ANSWER} />);
    const good = screen.getByRole('button', { name: 'Good answer' });
    await user.click(good);
    expect(requestsTo(fetchMock, RATINGS, 'PUT')).toEqual([
      { ...ANSWER, rating: 'up', reasons: [] },
    ]);
    await vi.waitFor(() => expect(good.getAttribute('aria-pressed')).toBe('true'));
    unmount();

    render(<AnswerRating {...ANSWER} />);
    const again = screen.getByRole('button', { name: 'Good answer' });
    expect(again.getAttribute('aria-pressed')).toBe('true');
    await user.click(again);
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === OWN && init?.method === 'DELETE'),
    ).toBe(true);
    await vi.waitFor(() => expect(again.getAttribute('aria-pressed')).toBe('false'));
  });

  it('keeps a comment within 500 characters', async () => {
    stubApi({ [RATINGS]: echo });
    const user = userEvent.setup();
    render(<AnswerRating {...ANSWER} />);
    await user.click(screen.getByRole('button', { name: 'Bad answer' }));
    const form = screen.getByRole('form', { name: 'What was wrong?' });
    const box = within(form).getByLabelText('Comment (optional)');
    await user.click(box);
    await user.paste('x'.repeat(501));
    expect(within(form).getByText('At most 500 characters')).toBeTruthy();
    const send = within(form).getByRole('button', { name: 'Send feedback' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
  });
});
