/**
 * A real model behind the product's OpenAI-compatible LLM path: a small loopback server around
 * node-llama-cpp and a GGUF chat model, both installed by scripts/local-llm/install.sh under
 * <repo>/.tools/llama. node-llama-cpp is imported from there by absolute path, so no workspace
 * depends on it and `npm ci` stays light; findLocalLlm() says whether it is installed.
 *
 * One context, one request at a time (a queue): on a small machine two generations at once
 * would each run at half speed and both miss their deadline.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NodeLlamaCpp } from './node-llama-cpp.ts';
import {
  type ChatCompletionRequest,
  type ChatHistoryItem,
  chatHistoryOf,
  completionChunk,
  completionResponse,
  type FinishReason,
  parseCompletionRequest,
} from './openai-chat.ts';

export const LOCAL_LLM_DIR = path.resolve(import.meta.dirname, '../../../.tools/llama');
const LLAMA_ENTRY = path.join(LOCAL_LLM_DIR, 'node_modules/node-llama-cpp/dist/index.js');
const MODEL_PATH_FILE = path.join(LOCAL_LLM_DIR, 'model-path');

export type LocalLlmInstall = { llamaEntry: string; modelPath: string; model: string };

/** The installed tools and model, or null when scripts/local-llm/install.sh has not run. */
export function findLocalLlm(modelPath?: string): LocalLlmInstall | null {
  if (!existsSync(LLAMA_ENTRY)) return null;
  const gguf =
    modelPath ??
    (process.env.LOCAL_LLM_MODEL_PATH || undefined) ??
    (existsSync(MODEL_PATH_FILE) ? readFileSync(MODEL_PATH_FILE, 'utf8').trim() : '');
  if (!gguf || !existsSync(gguf)) return null;
  return { llamaEntry: LLAMA_ENTRY, modelPath: gguf, model: modelNameOf(gguf) };
}

export type LocalLlmServerOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  modelPath?: string;
  /** One line per request (tokens and timings); silent by default. */
  log?: (line: string) => void;
};

export type LocalLlmServer = {
  /** e.g. `http://127.0.0.1:PORT/v1`: what LLM_BASE_URL takes. */
  baseUrl: string;
  /** What LLM_MODEL takes (any name is answered by the one model loaded). */
  model: string;
  close(): Promise<void>;
};

/**
 * Tuning from the environment. Threads default to one fewer than the cores (one on 2 cores):
 * llama.cpp's threads spin while they wait for each other, so on a busy machine two threads
 * on two cores ran ~20× slower than one (docs in the README, "Run a local GGUF model").
 */
function settings() {
  const int = (name: string, fallback: number) => {
    const value = Number.parseInt(process.env[name] ?? '', 10);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    threads: int('LOCAL_LLM_THREADS', Math.max(1, Math.min(8, availableParallelism() - 1))),
    contextSize: int('LOCAL_LLM_CONTEXT', 8192),
    batchSize: int('LOCAL_LLM_BATCH', 512),
    // Flash attention read a 2,500-token prompt in ~30 % less CPU time (8.6 s against 12.0 s).
    flashAttention: process.env.LOCAL_LLM_FLASH_ATTENTION !== '0',
    /**
     * Caps every request's max_tokens. The app asks for up to 1,500; a 135M model that rambles
     * past the 'two to four sentences' asked (800 tokens seen) took 87 s on one busy core, and
     * 400 tokens 68 s, past the app's 60 s timeout. Tests cap lower still.
     */
    maxTokens: int('LOCAL_LLM_MAX_TOKENS', 256),
    // llama.cpp's classic default, for requests that give no penalty of their own: without it
    // the 135M model loops on one sentence until max_tokens (seen on the app's prompt); with
    // it, it ends its answers. 1 turns it off.
    repeatPenalty: Number(process.env.LOCAL_LLM_REPEAT_PENALTY) || 1.1,
    /**
     * The sampling seed for requests that give none. Unset, each answer is sampled afresh; the
     * real-model test pins it, so the same prompt gets the same answer on every run.
     */
    seed: Number.isSafeInteger(Number.parseInt(process.env.LOCAL_LLM_SEED ?? '', 10))
      ? Number.parseInt(process.env.LOCAL_LLM_SEED ?? '', 10)
      : undefined,
    /** A file each request's messages are appended to (a JSON line), to read the prompts. */
    promptLog: process.env.LOCAL_LLM_PROMPT_LOG || null,
  };
}

export async function startLocalLlmServer(
  options: LocalLlmServerOptions = {},
): Promise<LocalLlmServer> {
  const install = findLocalLlm(options.modelPath);
  if (!install) {
    throw new Error(
      'No local LLM installed: run `npm run llm:install` (scripts/local-llm/install.sh)',
    );
  }
  const modelName = install.model;
  const tuning = settings();
  const log = options.log ?? (() => {});
  const { getLlama, LlamaChat } = (await import(
    pathToFileURL(install.llamaEntry).href
  )) as NodeLlamaCpp;
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' });
  const model = await llama.loadModel({ modelPath: install.modelPath });
  const context = await model.createContext({
    contextSize: Math.min(tuning.contextSize, model.trainContextSize),
    threads: tuning.threads,
    batchSize: tuning.batchSize,
    flashAttention: tuning.flashAttention,
  });
  // One chat on the one sequence, kept between requests: a new request reuses the evaluated
  // prefix it shares with the last one (the system prompt), which saves most of a re-read.
  const chat = new LlamaChat({ contextSequence: context.getSequence() });

  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  async function complete(request: ChatCompletionRequest, response: ServerResponse) {
    const left = new AbortController();
    // 'close' on the response also fires after a normal end; only an early one is a departure.
    response.on('close', () => {
      if (!response.writableFinished) left.abort();
    });
    const id = `chatcmpl-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const created = Math.floor(Date.now() / 1000);
    const shape = { id, created, model: modelName };
    const history: ChatHistoryItem[] = [
      ...chatHistoryOf(request.messages),
      { type: 'model', response: [] },
    ];
    const maxTokens = Math.min(request.maxTokens ?? tuning.maxTokens, tuning.maxTokens);
    if (tuning.promptLog) appendFileSync(tuning.promptLog, `${JSON.stringify(request)}\n`);

    await inTurn(async () => {
      if (left.signal.aborted) return;
      const started = performance.now();
      let firstTokenAt: number | null = null;
      let completionTokens = 0;
      const promptTokens = chat.chatWrapper
        .generateContextState({ chatHistory: history })
        .contextText.tokenize(model.tokenizer).length;
      if (request.stream) {
        response.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
        });
      }
      const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
      const result = await chat.generateResponse(history, {
        maxTokens,
        temperature: request.temperature,
        ...((request.seed ?? tuning.seed) !== undefined
          ? { seed: request.seed ?? tuning.seed }
          : {}),
        repeatPenalty: {
          lastTokens: 64,
          penalty: tuning.repeatPenalty,
          ...(request.frequencyPenalty ? { frequencyPenalty: request.frequencyPenalty } : {}),
          ...(request.presencePenalty ? { presencePenalty: request.presencePenalty } : {}),
        },
        signal: left.signal,
        stopOnAbortSignal: true,
        onToken: (tokens) => {
          completionTokens += tokens.length;
        },
        onTextChunk: (text) => {
          firstTokenAt ??= performance.now();
          if (request.stream && text) send(completionChunk(shape, { content: text }, null));
        },
      });
      const stop = result.metadata.stopReason;
      const finish: FinishReason = stop === 'maxTokens' ? 'length' : 'stop';
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };
      const elapsed = performance.now() - started;
      log(
        `${request.stream ? 'stream' : 'json'} prompt=${promptTokens} completion=${completionTokens} ` +
          `ttft=${Math.round((firstTokenAt ?? performance.now()) - started)}ms ` +
          `total=${Math.round(elapsed)}ms stop=${stop}`,
      );
      if (left.signal.aborted) return;
      if (request.stream) {
        send({ ...completionChunk(shape, {}, finish), usage });
        response.end('data: [DONE]\n\n');
      } else {
        sendJson(response, 200, completionResponse(shape, result.response, finish, usage));
      }
    });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) sendError(response, 500, 'The local model failed');
      else response.end();
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && (url.pathname === '/v1/models' || url.pathname === '/models')) {
      const data = [{ id: modelName, object: 'model', created: 0, owned_by: 'local' }];
      sendJson(response, 200, { object: 'list', data });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/health') {
      sendJson(response, 200, { status: 'ok' });
      return;
    }
    if (request.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      sendError(response, 404, `No route ${request.method} ${url.pathname}`);
      return;
    }
    const parsed = parseCompletionRequest(await readBody(request));
    if (typeof parsed === 'string') {
      sendError(response, 400, parsed);
      return;
    }
    await complete(parsed, response);
  }

  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The local LLM server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    model: install.model,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      chat.dispose();
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}

/** `SmolLM2-135M-Instruct.Q4_1.gguf` → `SmolLM2-135M-Instruct.Q4_1`. */
function modelNameOf(gguf: string): string {
  return path.basename(gguf).replace(/\.gguf$/i, '');
}

const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of request) {
    size += (part as Buffer).length;
    if (size > BODY_LIMIT_BYTES) throw new Error('request body too large');
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, message: string) {
  sendJson(response, status, { error: { message, type: 'invalid_request_error' } });
}
