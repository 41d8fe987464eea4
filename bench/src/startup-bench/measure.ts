/**
 * One start of the real server, timed from spawn: until /api/ready answers 200 (polled every
 * 10 ms), then until the first question is answered from the index, and the process's memory.
 */
import path from 'node:path';
import { spawnLoggedServer, stopProcess } from '../api-bench/processes.ts';
import { residentBytes } from '../chat-bench/process-stats.ts';

export const POLL_MS = 10;
/** A question the corpus answers: the answer must come with sources, i.e. from the index. */
export const QUESTION = 'What did Ambedkar say about the authority of the shastras over caste?';

export type StartResult = {
  /** spawn → the first 200 from /api/ready. */
  readyMs: number;
  /** spawn → the first answer with sources. */
  firstAnswerMs: number;
  /** The first answer alone (ready → answered), and a second one for comparison. */
  firstAnswerOnlyMs: number;
  secondAnswerOnlyMs: number;
  sources: number;
  rssAtReadyBytes: number;
  rssAfterAnswersBytes: number;
  /** /api/ready polls that were refused or not yet 200. */
  polls: number;
};

export async function measureStart(options: {
  env: Record<string, string>;
  logFile: string;
  token: string;
  nodeOptions?: string[];
  timeoutMs?: number;
  /** Called the moment /api/ready first answers 200, before anything else is asked. */
  onReady?: () => void;
  /** Awaited after the answers, before the server is stopped. */
  beforeStop?: () => Promise<void>;
}): Promise<StartResult> {
  const started = performance.now();
  const server = spawnLoggedServer(options.env, options.logFile, options.nodeOptions ?? []);
  const pid = server.child.pid;
  try {
    if (pid === undefined) throw new Error('the server process has no pid');
    const deadline = started + (options.timeoutMs ?? 60_000);
    let polls = 0;
    for (;;) {
      if (server.child.exitCode !== null) {
        throw new Error(
          `the server exited with ${server.child.exitCode}:\n${tail(server.output())}`,
        );
      }
      if (performance.now() > deadline) throw new Error(`not ready:\n${tail(server.output())}`);
      try {
        const response = await fetch(`${server.url}/api/ready`, {
          signal: AbortSignal.timeout(2000),
        });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      polls++;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const readyMs = performance.now() - started;
    const rssAtReadyBytes = residentBytes(pid);
    options.onReady?.();
    const first = await ask(server.url, options.token);
    const firstAnswerMs = performance.now() - started;
    const second = await ask(server.url, options.token);
    const rssAfterAnswersBytes = residentBytes(pid);
    await options.beforeStop?.();
    return {
      readyMs,
      firstAnswerMs,
      firstAnswerOnlyMs: first.ms,
      secondAnswerOnlyMs: second.ms,
      sources: first.sources,
      rssAtReadyBytes,
      rssAfterAnswersBytes,
      polls,
    };
  } catch (error) {
    throw new Error(`start failed (log ${path.basename(options.logFile)}): ${String(error)}`);
  } finally {
    await stopProcess(server.child, server.exited);
  }
}

/** POST /api/chat as the member, whole answer as JSON; fails unless it cites the corpus. */
async function ask(url: string, token: string): Promise<{ ms: number; sources: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ question: QUESTION, chat_history: [], detected_language: 'en' }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { answer?: string; sources?: unknown[] };
  const ms = performance.now() - started;
  const sources = body.sources?.length ?? 0;
  if (response.status !== 200 || sources === 0) {
    throw new Error(
      `POST /api/chat: ${response.status}, ${sources} sources: ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return { ms, sources };
}

function tail(text: string): string {
  return text.slice(-3000);
}
