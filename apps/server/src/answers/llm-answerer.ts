/**
 * Answers written by a model (any OpenAI-compatible endpoint, through the Vercel AI SDK) from the
 * numbered passages, with its citation markers renumbered to the sources it actually cited.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Persona } from '@samvad/contracts/persona';
import { APICallError, generateText } from 'ai';
import type { Config } from '../config/env.ts';
import { AppError } from '../http/app-error.ts';
import { presentSource } from '../presenters/source-presenter.ts';
import type { Passage } from '../services/knowledge-index.ts';
import type { AnswerStream, ChatTurn } from './answer-stream.ts';
import { AnswerAborted } from './answer-stream.ts';
import { checkCitations } from './citation-check.ts';
import { CitationRewriter } from './citations.ts';
import { answerInstructions, answerPrompt, QUERY_REWRITE_INSTRUCTIONS } from './prompt.ts';
import { REPLY_LANGUAGES, replyTexts, sourceInNote } from './reply-texts.ts';

export type LlmSettings = NonNullable<Config['llm']>;

/** Earlier turns the model sees; older ones add cost, not context. */
const HISTORY_TURNS_SENT = 10;
const HISTORY_TURN_CHARS = 2000;
/** Query rewriting must be quick: past this, the question is searched as written. */
const REWRITE_TIMEOUT_MS = 10_000;

/** The provider's chat model: streamed through its own `doStream`, generated through the SDK. */
export type ChatModel = ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;

export function createLanguageModel(settings: LlmSettings): ChatModel {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
  });
  return provider.chatModel(settings.model);
}

export type LlmAnswerInput = {
  model: ChatModel;
  persona: Persona;
  language: string;
  question: string;
  history: ChatTurn[];
  passages: Passage[];
  /** Aborted when the client leaves or presses stop; the upstream request is cancelled. */
  signal: AbortSignal;
  timeoutMs: number;
};

export function streamLlmAnswer(input: LlmAnswerInput): AnswerStream {
  const citations = new CitationRewriter(input.passages.length);
  let streamed = '';
  let checked: ReturnType<typeof checkCitations> | null = null;
  const cited = () => checked?.cited ?? citations.cited;
  return {
    tokens: (async function* () {
      for await (const token of generate(input, citations)) {
        streamed += token;
        yield token;
      }
      checked = checkAnswer(streamed, input, citations.cited);
    })(),
    sources: () =>
      cited().flatMap((index) => {
        const passage = input.passages[index];
        return passage ? [presentSource(passage)] : [];
      }),
    final: () => (checked && checked.text !== streamed ? checked.text : null),
  };
}

/**
 * The citation check (citation-check.ts) over the whole answer, attributing unmarked sentences
 * that a passage supports. A reply with no citation left, other than the refusal, ends with the
 * notice that its sources could not be verified.
 */
function checkAnswer(text: string, input: LlmAnswerInput, order: readonly number[]) {
  const refused = isRefusal(text, input.language);
  const notes = withoutSourceNotes(text, input.language);
  const checked = checkCitations(
    notes.text,
    input.passages.map((passage) => passage.text),
    order,
    replyTexts(input.language).unverified,
    { attribute: !refused, noticeWithoutCitations: !refused && text.trim() !== '' },
  );
  return { ...checked, text: notes.restore(checked.text) };
}

/**
 * The answer with each source-language note ("स्रोत अंग्रेज़ी में है।") stood in for by one
 * private-use character, and the way back. A note is not a claim: the check must neither count
 * it as a sentence nor give it a citation because a Hindi passage holds "में" and "है".
 */
function withoutSourceNotes(text: string, language: string) {
  // An answer that holds a stand-in character of its own is checked as it is.
  const notes = /[\ue000-\ue00f]/.test(text)
    ? []
    : REPLY_LANGUAGES.map((source) => sourceInNote(language, source)).filter((note) =>
        text.includes(note),
      );
  const stand = (index: number) => String.fromCharCode(NOTE_STAND_IN + index);
  return {
    text: notes.reduce((out, note, index) => out.replaceAll(note, stand(index)), text),
    restore: (checked: string) =>
      notes.reduce((out, note, index) => out.replaceAll(stand(index), note), checked),
  };
}
/** The first of the private-use characters that stand in for notes during the check. */
const NOTE_STAND_IN = 0xe000;

/** The model's refusal: the fixed 'not covered' text of the question's language (or English). */
function isRefusal(text: string, language: string): boolean {
  const flat = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
  const reply = flat(text);
  return [replyTexts(language).notCovered, replyTexts('en').notCovered].some((refusal) =>
    reply.includes(flat(refusal).slice(0, 40)),
  );
}

export const ANSWER_MAX_OUTPUT_TOKENS = 1500;

/**
 * Straight from the provider's `doStream`: `streamText`'s step, retry and replay machinery adds
 * several web-stream stages per token, which under many concurrent answers is most of the
 * server's CPU (npm run bench:chat), and none of it is used here (no tools, no retries).
 */
async function* generate(input: LlmAnswerInput, citations: CitationRewriter) {
  const timeout = AbortSignal.timeout(input.timeoutMs);
  try {
    const { stream } = await input.model.doStream({
      prompt: [
        {
          role: 'system',
          content: answerInstructions(input.persona, input.language, input.passages),
        },
        ...recentHistory(input.history).map((turn) =>
          turn.role === 'user'
            ? { role: 'user' as const, content: [{ type: 'text' as const, text: turn.content }] }
            : {
                role: 'assistant' as const,
                content: [{ type: 'text' as const, text: turn.content }],
              },
        ),
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: answerPrompt(input.question, input.passages, input.persona, input.language),
            },
          ],
        },
      ],
      abortSignal: AbortSignal.any([input.signal, timeout]),
      temperature: 0.2,
      // Bounds each answer's cost (OWASP LLM10, unbounded consumption): ~1,000 words.
      maxOutputTokens: ANSWER_MAX_OUTPUT_TOKENS,
    });
    for await (const part of stream) {
      if (part.type === 'text-delta') {
        const shown = citations.push(part.delta);
        if (shown) yield shown;
      } else if (part.type === 'error') {
        throw part.error;
      }
    }
  } catch (error) {
    throw upstreamError(error, input.signal, timeout, input.timeoutMs);
  }
  const tail = citations.flush();
  if (tail) yield tail;
}

/**
 * The follow-up question as one standalone English search query, or null when the model fails
 * or is slow (the caller then searches the question as written).
 */
export async function rewriteQuery(
  model: ChatModel,
  question: string,
  history: ChatTurn[],
  signal: AbortSignal,
): Promise<string> {
  const { text } = await generateText({
    model,
    instructions: QUERY_REWRITE_INSTRUCTIONS,
    messages: [...recentHistory(history), { role: 'user', content: `Latest message: ${question}` }],
    abortSignal: AbortSignal.any([signal, AbortSignal.timeout(REWRITE_TIMEOUT_MS)]),
    maxRetries: 0,
    maxOutputTokens: 100,
    temperature: 0,
  });
  return (text.trim().split('\n')[0] ?? '').replace(/^["']|["']$/g, '').slice(0, 500);
}

function recentHistory(history: ChatTurn[]): ChatTurn[] {
  return history.slice(-HISTORY_TURNS_SENT).map((turn) => ({
    role: turn.role,
    content: turn.content.slice(0, HISTORY_TURN_CHARS),
  }));
}

/** A client that left, a timeout or a failing model, told apart for the caller. */
function upstreamError(
  error: unknown,
  clientSignal: AbortSignal,
  timeout: AbortSignal,
  timeoutMs: number,
): Error {
  if (clientSignal.aborted) return new AnswerAborted({ cause: error });
  if (timeout.aborted) {
    return new AppError(
      'upstream_timeout',
      `The answering model did not finish within ${Math.round(timeoutMs / 1000)} seconds`,
      { cause: error },
    );
  }
  if (error instanceof AnswerAborted) return error;
  // A stream cut midway is an APICallError too, with the 200 it started with.
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  return new AppError(
    'upstream_failed',
    status && status >= 400
      ? `The answering model failed (HTTP ${status})`
      : 'The answering model failed',
    { cause: error },
  );
}
