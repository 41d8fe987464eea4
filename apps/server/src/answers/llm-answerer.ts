/**
 * Answers written by a model (any OpenAI-compatible endpoint, through the Vercel AI SDK) from the
 * numbered passages, with its citation markers renumbered to the sources it actually cited.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Persona } from '@samvad/contracts/persona';
import { generateText } from 'ai';
import type { Config } from '../config/env.ts';
import { AppError } from '../http/app-error.ts';
import { presentSource } from '../presenters/source-presenter.ts';
import type { Passage } from '../retrieval/passage.ts';
import type { AnswerStream, ChatTurn } from './answer-stream.ts';
import { AnswerAborted } from './answer-stream.ts';
import {
  type CompletionEndpoint,
  CompletionHttpError,
  type CompletionMessage,
  completionEndpoint,
  openCompletion,
} from './chat-completion-stream.ts';
import { checkCitations } from './citation-check.ts';
import { CitationRewriter, renumberCitations, scoreOrder } from './citations.ts';
import { answerInstructions, answerPrompt, QUERY_REWRITE_INSTRUCTIONS } from './prompt.ts';
import {
  REPLY_LANGUAGES,
  type ReplyLanguage,
  replyLanguage,
  replyTexts,
  sourceInNote,
} from './reply-texts.ts';

export type LlmSettings = NonNullable<Config['llm']>;

/** Earlier turns the model sees; older ones add cost, not context. */
const HISTORY_TURNS_SENT = 10;
const HISTORY_TURN_CHARS = 2000;
/** Query rewriting must be quick: past this, the question is searched as written. */
const REWRITE_TIMEOUT_MS = 10_000;

/**
 * The configured model: answers are streamed from its endpoint directly
 * (chat-completion-stream.ts), query rewrites are generated through the SDK's provider.
 */
export type ChatModel = {
  sdk: ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;
  endpoint: CompletionEndpoint;
};

export function createLanguageModel(settings: LlmSettings): ChatModel {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
  });
  return { sdk: provider.chatModel(settings.model), endpoint: completionEndpoint(settings) };
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
  const said: Said = { text: '', checked: null, notice: '' };
  const cited = () => said.checked?.cited ?? citations.cited;
  // The reader sees the sources most relevant first; the markers streamed in the order first
  // cited are renumbered to those rows in the final text (issue #29: [n] is the n-th row).
  const presented = () =>
    cited().flatMap((index) => {
      const passage = input.passages[index];
      return passage ? [presentSource(passage)] : [];
    });
  const order = () => scoreOrder(presented().map((source) => source.score));
  return {
    tokens: generate(input, citations, said),
    sources: () => {
      const sources = presented();
      return order().flatMap((citation) => sources.slice(citation - 1, citation));
    },
    final: () => {
      const kept = said.checked ? said.checked.text : said.text;
      const rows = order();
      const reordered = rows.some((citation, at) => citation !== at + 1);
      if (reordered) return renumberCitations(kept, rows) + said.notice;
      return said.checked && said.checked.text !== said.text
        ? said.checked.text + said.notice
        : null;
    },
  };
}

/**
 * The text streamed so far, and once it has ended, the answer as checked; `notice` follows both
 * when the answer was cut at ANSWER_MAX_CHARS (streamed after the text, never checked).
 */
type Said = { text: string; checked: ReturnType<typeof checkAnswer> | null; notice: string };

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
  const reply = flat(text);
  return refusalOpenings(language).some((opening) => reply.includes(opening));
}

const flat = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Per reply language (a closed set, whatever the request says): the refusals' openings,
 * flattened once rather than at every answer's end.
 */
const openings = new Map<ReplyLanguage, string[]>();
function refusalOpenings(language: string): string[] {
  const reply = replyLanguage(language);
  let found = openings.get(reply);
  if (!found) {
    found = [replyTexts(reply).notCovered, replyTexts('en').notCovered].map((refusal) =>
      flat(refusal).slice(0, 40),
    );
    openings.set(reply, found);
  }
  return found;
}

export const ANSWER_MAX_OUTPUT_TOKENS = 1500;

/**
 * The most an answer may say, in characters, whatever the model sends: 1,500 tokens are at most
 * ~8,000 characters of English or Devanagari, and an endpoint that ignores max_tokens is cut here,
 * so a saved answer stays far inside MESSAGE_MAX_LENGTH and ANSWER_ROOM_CHARS (the conversation
 * caps) and a client is never relayed more. The model's text is read at most twice this far
 * (markers it writes and the rewriter drops count too).
 */
export const ANSWER_MAX_CHARS = 16_000;
/** Ends an answer cut at ANSWER_MAX_CHARS. */
export const ANSWER_CUT_NOTICE =
  '\n\n*[This answer was cut short: it ran past the length allowed.]*';

/**
 * Straight from the endpoint (chat-completion-stream.ts): `streamText`'s step, retry and replay
 * stages, and below them `doStream`'s fetch and web streams, cost most of the server's CPU and
 * memory with many answers streaming (npm run bench:chat); none of it is used here (no tools,
 * no retries).
 */
async function* generate(input: LlmAnswerInput, citations: CitationRewriter, said: Said) {
  const deadline = answerDeadline(input.signal, input.timeoutMs);
  try {
    const text = await openCompletion(input.model.endpoint, {
      messages: answerMessages(input),
      signal: deadline.signal,
      temperature: 0.2,
      // Bounds each answer's cost (OWASP LLM10, unbounded consumption): ~1,000 words.
      maxOutputTokens: ANSWER_MAX_OUTPUT_TOKENS,
    });
    let read = 0;
    for await (const delta of text) {
      read += delta.length;
      const shown = citations.push(delta);
      const room = ANSWER_MAX_CHARS - said.text.length;
      const kept = shown.length > room ? cutAt(shown, room) : shown;
      if (kept) {
        said.text += kept;
        yield kept;
      }
      // Leaving the loop closes the model's response: the rest is never read.
      if (shown.length > room || read > 2 * ANSWER_MAX_CHARS) {
        said.notice = ANSWER_CUT_NOTICE;
        break;
      }
    }
  } catch (error) {
    throw upstreamError(error, input.signal, deadline.timedOut(), input.timeoutMs);
  } finally {
    deadline.clear();
  }
  // A cut answer drops what the rewriter held back (at most a partial marker).
  const tail = said.notice ? '' : citations.flush();
  if (tail) {
    said.text += tail;
    yield tail;
  }
  said.checked = checkAnswer(said.text, input, citations.cited);
  if (said.notice) yield said.notice;
}

/** The first `length` characters of text, one fewer rather than half a surrogate pair. */
function cutAt(text: string, length: number): string {
  if (length <= 0) return '';
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

function answerMessages(input: LlmAnswerInput): CompletionMessage[] {
  return [
    { role: 'system', content: answerInstructions(input.persona, input.language, input.passages) },
    ...recentHistory(input.history),
    {
      role: 'user',
      content: answerPrompt(input.question, input.passages, input.persona, input.language),
    },
  ];
}

/**
 * One signal for the model's request: the client leaving or the answer's time running out. A
 * timer and a listener, cleared when the answer ends, rather than `AbortSignal.timeout` and
 * `AbortSignal.any`, whose signals and registry entries stay until collected.
 */
function answerDeadline(client: AbortSignal, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const abort = () => controller.abort(client.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The answer took too long', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  if (client.aborted) abort();
  else client.addEventListener('abort', abort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      client.removeEventListener('abort', abort);
    },
  };
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
    model: model.sdk,
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
  timedOut: boolean,
  timeoutMs: number,
): Error {
  if (clientSignal.aborted) return new AnswerAborted({ cause: error });
  if (timedOut) {
    return new AppError(
      'upstream_timeout',
      `The answering model did not finish within ${Math.round(timeoutMs / 1000)} seconds`,
      { cause: error },
    );
  }
  if (error instanceof AnswerAborted) return error;
  const status = error instanceof CompletionHttpError ? error.statusCode : undefined;
  return new AppError(
    'upstream_failed',
    status && status >= 400
      ? `The answering model failed (HTTP ${status})`
      : 'The answering model failed',
    { cause: error },
  );
}
