/**
 * The embedding worker thread: fetches the weights when asked to and they are absent, builds the
 * ONNX graph and the tokenizer, then embeds the texts it is sent. Tokenizing, the embedding
 * lookup and pooling are JavaScript, so they run here, never on the server's event loop;
 * onnxruntime runs each pass on its own threads, and a query is run at once even while a
 * batch of passages is in a pass.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { E5Encoder, type E5Kind } from './e5-encoder.ts';
import { buildE5Graph } from './e5-graph.ts';
import { loadWeights } from './model-files.ts';
import { readE5Container } from './q4-container.ts';

export type WorkerOptions = { modelsDir: string; threads: number; fetch: boolean };
export type ToWorker =
  | { type: 'embed'; id: number; texts: string[]; kind: E5Kind }
  /** Finish the passes under way, release the session, and end the thread. */
  | { type: 'close' };
export type FromWorker =
  | { type: 'progress'; message: string }
  | { type: 'ready'; loadMs: number }
  | { type: 'failed'; message: string }
  | { type: 'vectors'; id: number; data: Float32Array; dimensions: number }
  | { type: 'error'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('e5-worker.ts runs as a worker thread');
const options = workerData as WorkerOptions;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const started = performance.now();
const encoder = (async () => {
  const weights = await loadWeights(options.modelsDir, {
    fetch: options.fetch,
    onProgress: (message) => post({ type: 'progress', message }),
  });
  const model = readE5Container(weights);
  return E5Encoder.open(model, buildE5Graph(model), options.threads);
})();

/**
 * Loading leaves the weights file (91 MB), the graph's bytes and the container behind as
 * garbage, and an idle thread may not collect it for seconds: the server's memory at ready
 * read 558–673 MB over four starts from the snapshot, and stayed there; collected once loaded,
 * 552–610 MB (session 44, an AVX2 machine). Node has no API for one collection without
 * --expose-gc on the whole process; the flag set here exposes `gc` to a new context only.
 */
function collectLoadGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

encoder.then(
  () => {
    collectLoadGarbage();
    post({ type: 'ready', loadMs: Math.round(performance.now() - started) });
  },
  (error: unknown) => post({ type: 'failed', message: describe(error) }),
);

// Ending the thread while onnxruntime runs a pass aborts the whole process, so the thread is
// never terminated: it is asked to close, and closes once its passes are done.
const inFlight = new Set<Promise<unknown>>();
const track = (pass: Promise<unknown>) => {
  inFlight.add(pass);
  void pass.finally(() => inFlight.delete(pass));
};

function postVectors(id: number, vectors: Float32Array[]): void {
  const dimensions = vectors[0]?.length ?? 0;
  const data = new Float32Array(vectors.length * dimensions);
  vectors.forEach((vector, i) => {
    data.set(vector, i * dimensions);
  });
  post({ type: 'vectors', id, data, dimensions }, [data.buffer]);
}

/**
 * Questions wait for each other: each chat embeds its question, and with many at once a
 * question that arrives while a round of questions runs waits for it and goes in the next
 * round with the others, so passages' passes cannot slip in between. Each question is its own
 * pass (e5-encoder.ts: a pass's activations share one int8 step), a few milliseconds each.
 */
const waitingQueries: Extract<ToWorker, { type: 'embed' }>[] = [];
let queryPassRunning = false;
let closing = false;

function runQueries(): void {
  if (closing) {
    for (const message of waitingQueries.splice(0))
      post({ type: 'error', id: message.id, message: 'The embedding model was closed' });
    return;
  }
  if (queryPassRunning || waitingQueries.length === 0) return;
  queryPassRunning = true;
  const batch = waitingQueries.splice(0, waitingQueries.length);
  const pass = encoder
    .then((e) =>
      e.embed(
        batch.flatMap((message) => message.texts),
        'query',
      ),
    )
    .then(
      (vectors) => {
        let at = 0;
        for (const message of batch) {
          postVectors(message.id, vectors.slice(at, at + message.texts.length));
          at += message.texts.length;
        }
      },
      (error: unknown) => {
        for (const message of batch)
          post({ type: 'error', id: message.id, message: describe(error) });
      },
    )
    .finally(() => {
      queryPassRunning = false;
      runQueries();
    });
  track(pass);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'close') {
    closing = true;
    runQueries();
    void Promise.allSettled([...inFlight])
      .then(() => encoder)
      .then(
        (e) => e.close(),
        () => {},
      )
      .finally(() => port.close());
    return;
  }
  if (message.kind === 'query') {
    waitingQueries.push(message);
    runQueries();
    return;
  }
  track(
    encoder
      .then((e) => e.embed(message.texts, message.kind))
      .then(
        (vectors) => postVectors(message.id, vectors),
        (error: unknown) => post({ type: 'error', id: message.id, message: describe(error) }),
      ),
  );
});
