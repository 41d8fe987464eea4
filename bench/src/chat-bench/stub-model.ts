/**
 * The loopback model the server answers with: the test suite's fake OpenAI-compatible endpoint,
 * with a fixed first-token delay and token interval. Every question carries a tag (`#<n>`) that
 * reaches the model inside the prompt, so each stream's arrival at the model is timed on the same
 * clock as the client's send and first token.
 */
import {
  type ChatCompletionRequest,
  quoteBestPassage,
  startFakeLlmServer,
} from '@samvad/server/test/support/fake-llm-server.ts';

export type StubTiming = { firstTokenDelayMs: number; tokenIntervalMs: number };

const TAG = /^Question: .*#t(\d+)x\s*$/mu;

/**
 * The question as sent: the tag goes last, where the prompt's `Question:` line ends (the prompt
 * has a line after it, the answer's language, since issue #21). Written as a
 * word no passage holds ("#t206x"): a bare number can be a term of the writings (a year, a page),
 * which would change what the question asks and let the 'not covered' check refuse it.
 */
export function taggedQuestion(question: string, tag: number): string {
  return `${question} #t${tag}x`;
}

export async function startStubModel(initial: StubTiming) {
  let timing = initial;
  /** Tag → performance.now() when the model had the whole request (its delay starts there). */
  const received = new Map<number, number>();
  let untagged = 0;
  const llm = await startFakeLlmServer((request: ChatCompletionRequest) => {
    const prompt = request.messages.at(-1)?.content ?? '';
    const tag = TAG.exec(prompt)?.[1];
    if (tag === undefined) untagged++;
    else received.set(Number(tag), performance.now());
    // "According to the writings, “<40 words of the best passage>” [n]." — about 45 tokens.
    return { text: quoteBestPassage(prompt), ...timing };
  });
  return {
    baseUrl: llm.baseUrl,
    received,
    /** Requests without a tag (there should be none: the bench sends no follow-ups). */
    get untagged() {
      return untagged;
    },
    get aborted() {
      return llm.aborted;
    },
    get completed() {
      return llm.completed;
    },
    setTiming(next: StubTiming) {
      timing = next;
    },
    close: () => llm.close(),
  };
}
export type StubModel = Awaited<ReturnType<typeof startStubModel>>;
