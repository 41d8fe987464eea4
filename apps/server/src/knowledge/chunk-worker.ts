/**
 * A worker thread that attributes and chunks one large document (chunk-off-thread.ts): the
 * same pure functions the server calls inline for small ones, here off its event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { attributeDocument } from './attribute.ts';
import { chunkDocument } from './chunker.ts';
import type { ReformerNames } from './speaker-names.ts';
import type { LoadedDocument } from './types.ts';

const { document, names } = workerData as { document: LoadedDocument; names: ReformerNames };
parentPort?.postMessage(chunkDocument(attributeDocument(document, names)));
