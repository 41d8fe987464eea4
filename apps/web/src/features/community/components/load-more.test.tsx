import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more.tsx';

/** A stand-in IntersectionObserver: the test says when the observed element comes into view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enterView() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as never);
  }
}

const live = () => FakeObserver.instances.filter((observer) => !observer.disconnected);

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

describe('LoadMore', () => {
  it('loads the next page as the end of the list comes into view', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <LoadMore hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />,
    );
    expect(live()).toHaveLength(1);
    act(() => live()[0]?.enterView());
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    // While the page loads nothing is observed; afterwards the end is watched again.
    rerender(<LoadMore hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />);
    expect(live()).toHaveLength(0);
    rerender(<LoadMore hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    expect(live()).toHaveLength(1);
  });

  it('keeps a button for keyboards and browsers without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const fetchNextPage = vi.fn();
    render(
      <LoadMore
        hasNextPage
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
        label="Load more posts"
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('shows nothing at the end, and waits politely while loading', () => {
    const { rerender, container } = render(
      <LoadMore hasNextPage={false} isFetchingNextPage={false} fetchNextPage={vi.fn()} />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<LoadMore hasNextPage isFetchingNextPage fetchNextPage={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Loading…' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
