// The package registry this project is developed against lacks some platform-specific
// optional packages (Biome's macOS, Windows, Android and musl binaries). `npm install` then
// writes a lockfile without them, and `npm ci` refuses that lockfile as out of sync.
// This adds the missing entries exactly as a full registry would list them; on Linux x64/arm64
// they are skipped by their os/cpu fields, so nothing is downloaded. Idempotent.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockPath = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages ?? {};

const platform = (name) => {
  const match = /-(android|darwin|linux|win32|freebsd)-(x64|arm64|arm)(-musl)?$/.exec(name);
  if (!match) return null;
  return {
    os: [match[1]],
    cpu: [match[2]],
    ...(match[3] ? { libc: ['musl'] } : match[1] === 'linux' ? { libc: ['glibc'] } : {}),
  };
};

const missing = [];
const biome = packages['node_modules/@biomejs/biome'];
for (const [name, version] of Object.entries(biome?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  const target = platform(name);
  if (packages[key] || !target) continue;
  missing.push([
    key,
    {
      version,
      ...target,
      ...(biome.dev ? { dev: true } : {}),
      license: 'MIT OR Apache-2.0',
      optional: true,
      engines: { node: '>=14.21.3' },
    },
  ]);
}

const added = missing.length;
if (added > 0) {
  // Insert right after the package that wants them, leaving npm's own order untouched.
  const entries = Object.entries(packages);
  const at = entries.findIndex(([key]) => key === 'node_modules/@biomejs/biome') + 1;
  entries.splice(at, 0, ...missing);
  lock.packages = Object.fromEntries(entries);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: added ${added} platform entries to package-lock.json`);
}
