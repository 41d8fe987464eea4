import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A REAL chat model on loopback: bench/src/llm/serve.ts (node-llama-cpp and a GGUF model, both
 * installed under <repo>/.tools/llama by `npm run llm:install`). It runs as a child process:
 * the server workspace does not depend on bench, and a native crash stays out of the test worker.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const toolsDir = path.join(repoRoot, '.tools/llama');
const serveScript = path.join(repoRoot, 'bench/src/llm/serve.ts');

/**
 * Whether the installer has run: node-llama-cpp and the model file it recorded (or the one
 * LOCAL_LLM_MODEL_PATH names, as the server reads it) are there.
 */
export function localLlmInstalled(): boolean {
  const modelPathFile = path.join(toolsDir, 'model-path');
  if (!existsSync(path.join(toolsDir, 'node_modules/node-llama-cpp/dist/index.js'))) return false;
  const modelPath =
    process.env.LOCAL_LLM_MODEL_PATH ||
    (existsSync(modelPathFile) ? readFileSync(modelPathFile, 'utf8').trim() : '');
  return modelPath !== '' && existsSync(modelPath);
}

export type LocalLlm = {
  /** e.g. `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  model: string;
  /** One line per completion the model served (tokens and timings), from its stderr. */
  requestLog: string[];
  close(): Promise<void>;
};

/** Starts the model server on a free port; `env` tunes it (LOCAL_LLM_MAX_TOKENS, …). */
export async function startLocalLlm(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<LocalLlm> {
  const child: ChildProcess = spawn(process.execPath, [serveScript, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  const requestLog: string[] = [];
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
    for (const line of String(chunk).split('\n')) {
      if (/\bprompt=\d+/.test(line)) requestLog.push(line.replace(/^\[local-llm\] /, ''));
    }
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    const ready = await new Promise<{ baseUrl: string; model: string }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the local LLM server was not ready after ${timeoutMs} ms`)),
        timeoutMs,
      );
      child.stdout?.on('data', (chunk) => {
        stdout += chunk;
        const line = stdout.split('\n').find((l) => l.startsWith('{'));
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line) as { baseUrl: string; model: string });
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the local LLM server exited with ${code}:\n${stderr}`));
      });
    });
    return { ...ready, requestLog, close: stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
