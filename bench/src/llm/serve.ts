/**
 * `npm run llm:serve -w @samvad/bench [-- --port 8088] [--model /path/model.gguf]`: the local
 * GGUF model as an OpenAI-compatible endpoint on loopback. Prints one JSON line to stdout,
 * `{"baseUrl":…,"model":…}`, once it listens (tests read it); request logs go to stderr.
 */
import { parseArgs } from 'node:util';
import { startLocalLlmServer } from './local-llm-server.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8088' }, model: { type: 'string' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not ${values.port}`);
  process.exit(2);
}

const server = await startLocalLlmServer({
  port,
  ...(values.model ? { modelPath: values.model } : {}),
  log: (line) => console.error(`[local-llm] ${line}`),
});
console.log(JSON.stringify({ baseUrl: server.baseUrl, model: server.model }));
console.error(`[local-llm] LLM_BASE_URL=${server.baseUrl} LLM_MODEL=${server.model}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
