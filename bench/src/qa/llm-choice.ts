/**
 * Which answerer an evaluation's app uses: `none` (the offline extractive one), `local` (a real
 * model served on loopback by bench/src/llm/local-llm-server.ts) or `env` (LLM_BASE_URL /
 * LLM_MODEL / LLM_API_KEY from the environment). Gives the app's environment and a closer.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type LlmChoice = 'none' | 'local' | 'env';

/** A slow local model on 2 cores: give each answer up to ten minutes, not the default minute. */
const LOCAL_TIMEOUT_MS = '600000';

export async function startLlm(
  choice: LlmChoice,
): Promise<{ env: Record<string, string>; label: string | null; close(): Promise<void> }> {
  if (choice === 'none') return { env: {}, label: null, close: async () => {} };
  if (choice === 'env') {
    const { LLM_BASE_URL, LLM_MODEL, LLM_API_KEY, LLM_TIMEOUT_MS } = process.env;
    if (!LLM_BASE_URL || !LLM_MODEL) throw new Error('--llm env needs LLM_BASE_URL and LLM_MODEL');
    return {
      env: {
        LLM_BASE_URL,
        LLM_MODEL,
        ...(LLM_API_KEY ? { LLM_API_KEY } : {}),
        LLM_TIMEOUT_MS: LLM_TIMEOUT_MS ?? LOCAL_TIMEOUT_MS,
      },
      label: LLM_MODEL,
      close: async () => {},
    };
  }
  const local = await import('../llm/local-llm-server.ts');
  // Installed on demand (node-llama-cpp and the model stay out of every workspace's dependencies).
  if ((await local.findLocalLlm()) === null) {
    const installer = fileURLToPath(
      new URL('../../../scripts/local-llm/install.sh', import.meta.url),
    );
    const install = spawnSync('bash', [installer], { stdio: 'inherit' });
    if (install.status !== 0 || (await local.findLocalLlm()) === null)
      throw new Error(`--llm local: ${installer} could not install the local model`);
  }
  const server = await local.startLocalLlmServer();
  return {
    env: {
      LLM_BASE_URL: server.baseUrl,
      LLM_MODEL: server.model,
      LLM_TIMEOUT_MS: LOCAL_TIMEOUT_MS,
    },
    label: server.model,
    close: () => server.close(),
  };
}
