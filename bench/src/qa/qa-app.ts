/**
 * The real app over an evaluation knowledge base, listening on loopback, with a member whose
 * limits are off: questions go through `POST /api/chat` exactly as a client sends them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { detectLanguage } from '@samvad/contracts/language';
import type { Source } from '@samvad/contracts/sources';
import { buildApp } from '@samvad/server/app.ts';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { userLimits, users } from '@samvad/server/db/schema.ts';
import { OidcService } from '@samvad/server/services/oidc-service.ts';
import { createSession } from '@samvad/server/services/session-service.ts';
import type { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';

export type ChatReply = { answer: string; sources: Source[]; ms: number };

/** A streamed reply: also when its first token came (null: none came). */
export type StreamedReply = ChatReply & { firstTokenMs: number | null; error: string | null };

export type QaApp = {
  /** `Accept: application/json`: the whole answer at once. */
  ask(question: string): Promise<ChatReply>;
  /** The `data:` event stream a browser reads: token events, then `end` with the sources. */
  stream(question: string): Promise<StreamedReply>;
  close(): Promise<void>;
};

export type EvaluationServer = {
  /** e.g. `http://127.0.0.1:PORT`. */
  address: string;
  /** A member's bearer token; their limits are off. */
  token: string;
  config: ReturnType<typeof loadConfig>;
  close(): Promise<void>;
};

/** The real app over `kb`, listening on loopback, with a member whose limits are off. */
export async function startEvaluationServer(
  kb: ThrowawayKnowledgeBase,
  env: Record<string, string> = {},
): Promise<EvaluationServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'samvad-eval-qa-')),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ...env,
  });
  const app = await buildApp({
    config,
    database: kb.database,
    persona: await loadPersona(config.personaFile),
    knowledge: {
      index: kb.index,
      files: kb.deps.files,
      embeddings: kb.embeddings,
      embedder: null,
      close: async () => {},
    },
    clock: () => new Date(),
    oidc: new OidcService(config),
  });
  const userId = randomUUID();
  await kb.database.db.insert(users).values({ id: userId, name: 'Evaluation' });
  await kb.database.db
    .insert(userLimits)
    .values({ userId, maxRequestsPerDay: -1, maxMessagesPerConversation: -1 });
  const { token } = await createSession(
    kb.database.db,
    userId,
    config.sessions,
    new Date(),
    'eval',
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { address, token, config, close: () => app.close() };
}

export async function startQaApp(
  kb: ThrowawayKnowledgeBase,
  env: Record<string, string> = {},
): Promise<QaApp> {
  const { address, token, close } = await startEvaluationServer(kb, env);
  const post = (question: string, accept: string) =>
    fetch(`${address}/api/chat`, {
      method: 'POST',
      headers: { accept, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        question,
        chat_history: [],
        detected_language: detectLanguage(question),
      }),
    });
  return {
    close,
    async ask(question) {
      const started = performance.now();
      const response = await post(question, 'application/json');
      if (!response.ok)
        throw new Error(`chat answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { answer: string; sources: Source[] };
      return { ...body, ms: performance.now() - started };
    },
    async stream(question) {
      const started = performance.now();
      const response = await post(question, 'text/event-stream');
      if (!response.ok || !response.body)
        throw new Error(`chat answered ${response.status}: ${await response.text()}`);
      let firstTokenMs: number | null = null;
      let answer = '';
      let sources: Source[] = [];
      let error: string | null = null;
      let pending = '';
      const decoder = new TextDecoder();
      for await (const bytes of response.body) {
        pending += decoder.decode(bytes, { stream: true });
        const events = pending.split('\n\n');
        pending = events.pop() ?? '';
        for (const event of events) {
          const data = event.startsWith('data: ') ? event.slice(6) : null;
          if (data === null || data === '[DONE]') continue;
          const parsed = JSON.parse(data) as {
            type: string;
            token?: string;
            sources?: Source[];
            message?: string;
            answer?: string;
          };
          if (parsed.type === 'token' && parsed.token !== undefined) {
            firstTokenMs ??= performance.now() - started;
            answer += parsed.token;
          } else if (parsed.type === 'end') {
            sources = parsed.sources ?? [];
            // The answer as kept, when the citation check changed what was streamed (as a client shows it).
            if (parsed.answer !== undefined) answer = parsed.answer;
          } else if (parsed.type === 'error') error = parsed.message ?? 'error';
        }
      }
      return { answer, sources, ms: performance.now() - started, firstTokenMs, error };
    },
  };
}
