import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamChat } from './stream-chat.ts';

afterEach(() => vi.unstubAllGlobals());

const encoder = new TextEncoder();
const request = { question: 'q', chat_history: [], detected_language: 'en' };

/** A chat response whose body sends `lines`, then ends or (with `open`) stays open. */
function respondWith(lines: string[], { open = false } = {}) {
  const cancelled = vi.fn();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const line of lines) controller.enqueue(encoder.encode(line));
      // The end comes a moment after [DONE], as it can over a real connection.
      if (!open) setTimeout(() => controller.close(), 20);
    },
    cancel: cancelled,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 200 })),
  );
  return cancelled;
}

const handlers = () => ({ onToken: vi.fn(), onSources: vi.fn(), onError: vi.fn() });

describe('streamChat', () => {
  it('reads the response to its end after [DONE] rather than aborting it', async () => {
    const cancelled = respondWith([
      'data: {"type":"token","token":"Hi"}\n\n',
      'data: {"type":"end","sources":[]}\n\ndata: [DONE]\n\n',
    ]);
    const on = handlers();
    await streamChat(request, on, new AbortController().signal);
    expect(on.onToken).toHaveBeenCalledWith('Hi');
    expect(on.onSources).toHaveBeenCalledWith([], undefined);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("hands on the server's signature of the answer from the end event", async () => {
    const signature = 'a'.repeat(43);
    respondWith([
      'data: {"type":"token","token":"Hi"}\n\n',
      `data: {"type":"end","sources":[],"signature":"${signature}"}\n\ndata: [DONE]\n\n`,
    ]);
    const on = handlers();
    await streamChat(request, on, new AbortController().signal);
    expect(on.onSources).toHaveBeenCalledWith([], undefined, signature);
  });

  it('stops waiting for a response left open after [DONE]', async () => {
    vi.useFakeTimers();
    try {
      const cancelled = respondWith(['data: [DONE]\n\n'], { open: true });
      const done = streamChat(request, handlers(), new AbortController().signal);
      await vi.advanceTimersByTimeAsync(1_000);
      await done;
      expect(cancelled).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
