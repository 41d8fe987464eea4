// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the server in this process (migrations run at server start).
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const defaultDist = path.join(root, 'apps/web/dist');
const builtIndex = path.join(defaultDist, 'index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

/**
 * npm runs this script through `sh -c`, and a shell that runs one command does not always hand
 * signals on: dash (Debian's and Ubuntu's sh) neither execs the command nor forwards a signal.
 * So `kill <npm pid>` reaches npm, npm signals the shell, the shell dies, and this process, the
 * server, is left running under init with no one to stop it. When npm started us, the parent
 * going away is that signal: stop as if it had come here (the server's SIGTERM handler finishes
 * the requests in flight and closes the database). Run directly (`node scripts/start.mjs`),
 * signals arrive here and nothing is watched: a parent shell exiting stops nothing.
 */
function stopWhenNpmsShellIsGone() {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 250);
  watch.unref();
}

/**
 * The web build, as a child that a stop signal reaches too; a build that fails or is stopped
 * ends `npm start` with its exit code (128 + the signal's number when a signal ended it).
 */
async function buildWebApp() {
  console.log('samvad: building the web app…');
  const build = spawn('npm', ['run', 'build', '-w', '@samvad/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  const forward = (signal) => build.kill(signal);
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  const [code, signal] = await once(build, 'exit');
  for (const signal of signals) process.off(signal, forward);
  if (code === 0) return;
  console.error(
    `samvad: the web build ${signal ? `was stopped (${signal})` : `failed (exit ${code})`}`,
  );
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
}

stopWhenNpmsShellIsGone();

// Only the app's own build is built here; a WEB_DIST_DIR elsewhere is the operator's to build.
const configuredDist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : null;
if (!configuredDist || configuredDist === defaultDist) {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...webSources.map((source) => newestChange(path.join(root, source))));
  if (builtAt < sourcesAt) await buildWebApp();
}

await import('../apps/server/src/main.ts');
