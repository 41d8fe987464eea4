// The e2e server: ingests a small knowledge base (Kalpit's speeches, one BAWS PDF and one day of
// the Constituent Assembly Debates, where other members speak, from the shared corpus) into
// DATA_DIR with the real ingest command, then runs the real server, with the default persona
// plus donation settings (the default ships none, so /donate would only say "not set up").
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusFile } from '@samvad/server/test/support/corpus.ts';

export const E2E_CORPUS_FILES = [
  ...[1, 2, 3, 4, 5, 6].map((n) => corpusFile('kalpit', `speech${n}.txt`)),
  corpusFile('ambedkar', 'pdf', 'baws_vol01_annihilation_of_caste.pdf'),
  // Speeches by many members (T. T. Krishnamachari's among them): sources whose words are not
  // the reformer's, which the chat names (tests/chat-speakers.spec.ts).
  corpusFile('ambedkar', 'constituent_assembly', 'cad_volume_11_25-nov-1949.html'),
];

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');

// Word matching only, unless a test's server asks for the model: these servers answer many
// browser tests at once, and answers must not change while vectors are still being computed.
// The model's own browser test (admin-embeddings.spec.ts) starts a server of its own with it.
process.env.EMBEDDINGS ??= 'off';

const E2E_DONATION = {
  upiId: 'samvad-e2e@upi',
  payeeName: 'Samvad (test)',
  paymentUrl: 'https://donate.example.org/samvad',
  message: 'Donations pay for hosting and keeping the archive online.',
};
if (!process.env.PERSONA_FILE && process.env.DATA_DIR) {
  const persona = JSON.parse(
    readFileSync(path.join(serverDir, 'config/persona.default.json'), 'utf8'),
  );
  const personaFile = path.join(process.env.DATA_DIR, 'persona.e2e.json');
  writeFileSync(personaFile, JSON.stringify({ ...persona, donation: E2E_DONATION }));
  process.env.PERSONA_FILE = personaFile;
}
const ingest = spawnSync(
  process.execPath,
  [path.join(serverDir, 'src/cli/ingest.ts'), ...E2E_CORPUS_FILES],
  { stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
);
if (ingest.status !== 0) {
  console.error(`e2e: ingesting the test corpus failed (exit ${ingest.status})`);
  process.exit(1);
}
await import(path.join(serverDir, 'src/main.ts'));
