/**
 * The documented proxy in front of the chat benchmark's processes: nginx with
 * deploy/nginx/samvad.conf under a temporary prefix, as deploy/verify-local.sh runs it, and a
 * generated samvad-upstream.conf naming the processes' ports. The copy of samvad.conf in the prefix
 * listens on a free loopback port instead of 8080, its only change, so that a run never collides
 * with verify-local.sh or a local deployment.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const samvadConf = path.resolve(import.meta.dirname, '../../../deploy/nginx/samvad.conf');
const LISTEN = /^(\s*)listen 8080;$/m;

/** $NGINX, else the first nginx on PATH or in the sbin folders a user's PATH often lacks. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string {
  const folders = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  const candidates = env.NGINX
    ? [env.NGINX]
    : [...folders, '/usr/local/nginx/sbin'].filter(Boolean).map((dir) => path.join(dir, 'nginx'));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // the next one
    }
  }
  throw new Error(
    env.NGINX
      ? `NGINX=${env.NGINX} is not an executable file`
      : 'nginx not found on PATH nor in /usr/sbin, /usr/local/sbin, /usr/local/nginx/sbin: install it (apt-get install -y nginx) or set NGINX=<path>',
  );
}

const exitHooks = new Set<() => void>();
const signalHooks = new Set<() => Promise<unknown>>();
/**
 * Runs `hook` (synchronous) when this process exits, however it ends: an nginx left behind would
 * hold its port and keep answering. On Ctrl-C or SIGTERM, `beforeSignalExit` hooks (asynchronous:
 * dropping the database) get 5 s first. Both return their removal.
 */
export function atExit(hook: () => void): () => void {
  listenOnce();
  exitHooks.add(hook);
  return () => exitHooks.delete(hook);
}
export function beforeSignalExit(hook: () => Promise<unknown>): () => void {
  listenOnce();
  signalHooks.add(hook);
  return () => signalHooks.delete(hook);
}
let listening = false;
function listenOnce() {
  if (listening) return;
  listening = true;
  process.once('exit', () => {
    for (const each of exitHooks) each();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      const timeout = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      await Promise.race([Promise.allSettled([...signalHooks].map((each) => each())), timeout]);
      process.exit(130);
    });
  }
}

/** Processes whose parent is `pid` (nginx's workers), from /proc. */
function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return children;
}

export type NginxProxy = {
  url: string;
  version: string;
  /** The master and its workers. */
  pids: number[];
  /** `POST /api/chat` requests per upstream address so far, from the access log. */
  chatRequestsPerUpstream(): Record<string, number>;
  /** The error log's last lines. */
  errors(): string;
  stop(): Promise<void>;
};

export async function startNginx(
  nginx: string,
  port: number,
  upstreamPorts: readonly number[],
): Promise<NginxProxy> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'samvad-bench-nginx-'));
  let child: ChildProcess | null = null;
  const removeHook = atExit(() => {
    child?.kill('SIGTERM');
    rmSync(prefix, { recursive: true, force: true });
  });
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
    removeHook();
  };
  const accessLog = path.join(prefix, 'logs', 'access.log');
  const errorLog = path.join(prefix, 'logs', 'error.log');
  const stderrLog = path.join(prefix, 'logs', 'stderr.log');
  const errors = () =>
    [errorLog, stderrLog]
      .map((file) => {
        try {
          return readFileSync(file, 'utf8').trim().split('\n').slice(-10).join('\n');
        } catch {
          return '';
        }
      })
      .filter(Boolean)
      .join('\n');
  try {
    // Run as root, nginx's workers drop to an unprivileged user: they must reach the temp files.
    chmodSync(prefix, 0o755);
    mkdirSync(path.join(prefix, 'logs'));
    mkdirSync(path.join(prefix, 'tmp'));
    chmodSync(path.join(prefix, 'tmp'), 0o1777);
    const conf = readFileSync(samvadConf, 'utf8');
    if (!LISTEN.test(conf)) throw new Error(`${samvadConf} no longer has one "listen 8080;" line`);
    writeFileSync(
      path.join(prefix, 'samvad.conf'),
      conf.replace(LISTEN, `$1listen 127.0.0.1:${port};`),
    );
    writeFileSync(
      path.join(prefix, 'samvad-upstream.conf'),
      upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`).join(''),
    );
    // The nginx image's main configuration (worker_processes auto, 1024 connections a worker),
    // with every path in the prefix.
    const tmp = (name: string) => `${name}_temp_path ${path.join(prefix, 'tmp', name)};`;
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        'worker_processes auto;',
        `pid ${path.join(prefix, 'nginx.pid')};`,
        `error_log ${errorLog} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${tmp(name)}`),
        `  include ${path.join(prefix, 'samvad.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', `${prefix}/`, '-c', path.join(prefix, 'nginx.conf')];
    // nginx -v prints to stderr.
    const version = spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim();
    // samvad.conf logs to /dev/stdout and /dev/stderr (the container's log), which nginx opens by
    // name: here they are files in the prefix (a pipe's socket cannot be opened so).
    const testLog = path.join(prefix, 'logs', 'test.log');
    const testOut = openSync(testLog, 'w');
    try {
      execFileSync(nginx, [...args, '-t'], { stdio: ['ignore', testOut, testOut] });
    } catch {
      throw new Error(`nginx -t refused the configuration:\n${readFileSync(testLog, 'utf8')}`);
    } finally {
      closeSync(testOut);
    }
    const out = openSync(accessLog, 'a');
    const err = openSync(stderrLog, 'a');
    const started = spawn(nginx, [...args, '-g', 'daemon off;'], {
      stdio: ['ignore', out, err],
    });
    child = started;
    closeSync(out);
    closeSync(err);
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`nginx exited with ${started.exitCode}`);
      try {
        if ((await fetch(`${url}/api/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('nginx did not answer /api/ready within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const master = started.pid;
    if (master === undefined) throw new Error('nginx has no pid');
    return {
      url,
      version: version.replace(/^nginx version: /, ''),
      pids: [master, ...childPids(master)],
      chatRequestsPerUpstream: () => {
        const counts: Record<string, number> = {};
        for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
          const upstream = /"POST \/api\/chat [^"]*".* upstream=(\S+)/.exec(line)?.[1];
          if (upstream) counts[upstream] = (counts[upstream] ?? 0) + 1;
        }
        return counts;
      },
      errors,
      stop,
    };
  } catch (error) {
    const log = errors();
    await stop();
    throw log ? new Error(`${(error as Error).message}\nnginx error log:\n${log}`) : error;
  }
}
