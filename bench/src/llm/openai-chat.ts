/**
 * The OpenAI chat-completions wire format, as much of it as the local model server speaks:
 * the request (messages, max_tokens, temperature, stream), node-llama-cpp's chat history made
 * from it, and the response and stream-chunk bodies.
 */
import { z } from 'zod';

/** node-llama-cpp's ChatHistoryItem (its types are not installed in the repo). */
export type ChatHistoryItem =
  | { type: 'system'; text: string }
  | { type: 'user'; text: string }
  | { type: 'model'; response: string[] };

const content = z.union([
  z.string(),
  z.null(),
  // Only text parts carry meaning for a text-only model; others (images…) are dropped.
  z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
]);

const requestSchema = z.object({
  model: z.string().optional(),
  messages: z
    .array(
      z.looseObject({
        role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
        content: content.optional(),
      }),
    )
    .min(1, 'messages must not be empty'),
  stream: z.boolean().nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  seed: z.number().int().nullish(),
});

export type ChatMessage = z.infer<typeof requestSchema>['messages'][number];

export type ChatCompletionRequest = {
  messages: ChatMessage[];
  stream: boolean;
  maxTokens: number | undefined;
  temperature: number | undefined;
  frequencyPenalty: number | undefined;
  presencePenalty: number | undefined;
  seed: number | undefined;
};

/** The request, or what is wrong with it (for a 400). */
export function parseCompletionRequest(body: string): ChatCompletionRequest | string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'The body is not JSON';
  }
  const parsed = requestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
  }
  const request = parsed.data;
  return {
    messages: request.messages,
    stream: request.stream === true,
    maxTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
    temperature: request.temperature ?? undefined,
    frequencyPenalty: request.frequency_penalty ?? undefined,
    presencePenalty: request.presence_penalty ?? undefined,
    seed: request.seed ?? undefined,
  };
}

export function textOf(message: ChatMessage): string {
  const value = message.content;
  if (typeof value === 'string') return value;
  if (!value) return '';
  return value.flatMap((part) => (part.type === 'text' && part.text ? [part.text] : [])).join('');
}

/**
 * Messages as node-llama-cpp's history, which its chat wrapper renders with the model's own
 * template. Several system messages become one (most templates allow a single one, first).
 */
export function chatHistoryOf(messages: ChatMessage[]): ChatHistoryItem[] {
  const system = messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map(textOf)
    .filter(Boolean)
    .join('\n\n');
  const history: ChatHistoryItem[] = system ? [{ type: 'system', text: system }] : [];
  for (const message of messages) {
    if (message.role === 'user' || message.role === 'tool') {
      history.push({ type: 'user', text: textOf(message) });
    } else if (message.role === 'assistant') {
      history.push({ type: 'model', response: [textOf(message)] });
    }
  }
  return history;
}

export type FinishReason = 'stop' | 'length';
type Shape = { id: string; created: number; model: string };
type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

export function completionChunk(
  shape: Shape,
  delta: { content?: string },
  finishReason: FinishReason | null,
) {
  return {
    ...shape,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

export function completionResponse(
  shape: Shape,
  text: string,
  finishReason: FinishReason,
  usage: Usage,
) {
  return {
    ...shape,
    object: 'chat.completion',
    choices: [
      { index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason },
    ],
    usage,
  };
}
