// The browser tests' deterministic model: a loopback OpenAI-compatible server that quotes the
// best passage it is given and cites it, unless the question asks for a scripted behaviour:
// "slowly" (one word every 300 ms), "fails" (HTTP 500 at once) or "says nothing" (an empty reply).
import {
  type ChatCompletionRequest,
  dutifulModel,
  startFakeLlmServer,
} from '@samvad/server/test/support/fake-llm-server.ts';

export const SCRIPTED = { slow: 'slowly', fail: 'fails', empty: 'says nothing' } as const;

function scriptedModel(request: ChatCompletionRequest) {
  const prompt = request.messages.at(-1)?.content ?? '';
  const question = /\nQuestion: ([\s\S]*)$/.exec(prompt)?.[1] ?? prompt;
  const answer = dutifulModel(request);
  if (question.includes(SCRIPTED.fail)) return { ...answer, status: 500 };
  if (question.includes(SCRIPTED.empty)) return { text: '' };
  if (question.includes(SCRIPTED.slow)) {
    const long = `${answer.text} ${'The passage goes on to explain the point at length. '.repeat(8)}`;
    return { text: long, tokenIntervalMs: 300 };
  }
  return answer;
}

const port = Number(process.env.E2E_FAKE_LLM_PORT);
await startFakeLlmServer(scriptedModel, { port });
console.log(`fake LLM listening on ${port}`);
