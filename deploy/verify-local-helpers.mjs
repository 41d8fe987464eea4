// Helpers of deploy/verify-local.sh (Node 24, no dependencies). Each subcommand prints one JSON
// line (or waits); the shell script decides PASS or FAIL.
//   model <port>                          a paced OpenAI-compatible model on 127.0.0.1:<port>
//   wait-ready <url> <seconds>            exits 0 once <url> answers 200
//   chat-json <base> <question>           POST /api/chat with Accept: application/json
//   stream <base> <question>              POST /api/chat as an event stream, timing each event
//   spread <base> <count> <log>…          GET /api/health <count> times; which log saw each id
//   find-request <id> <log>…              the app's "request" line of that request id
//   docker-stages <Dockerfile> <context> <work> [web-dist]   its stages, without Docker (below)
import { execSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const [command, ...args] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');

const print = (value) => console.log(JSON.stringify(value));

/** The app's request log entries (its one pino JSON line per request) with this request id. */
function requestLines(id, logs) {
  const found = [];
  for (const log of logs) {
    for (const line of readFileSync(log, 'utf8').split('\n')) {
      if (!line.includes(id)) continue;
      try {
        const entry = JSON.parse(line);
        if (entry.reqId === id && entry.msg === 'request') found.push({ log, ...entry });
      } catch {
        // Not a JSON line (a start-up message): not a request.
      }
    }
  }
  return found;
}

async function postChat(base, question, accept) {
  return fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ question, chat_history: [], detected_language: 'en' }),
  });
}

/** The Dockerfile's instructions, stage by stage: continuations joined, comments dropped. */
function parseDockerfile(file) {
  const stages = [];
  let pending = '';
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const text = pending + line;
    pending = '';
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(text) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest };
    if (instruction.keyword === 'FROM') {
      stages.push({ name: /\sAS\s+(\S+)$/i.exec(rest)?.[1] ?? String(stages.length), steps: [] });
    } else if (stages.length > 0) {
      stages.at(-1).steps.push(instruction);
    }
  }
  return stages;
}

/**
 * Does what `docker build` would, in directories: each stage's root is <work>/stage-<name>,
 * standing for its WORKDIR /app. COPY copies from the context (already filtered by .dockerignore)
 * or from an earlier stage; RUN runs in the stage's directory, except in the final stage, whose
 * RUN lines touch the image's own paths (/data) and are left to the caller; `npm cache clean` is
 * skipped (it would empty this machine's npm cache). With <web-dist>, the build stage is not run
 * and its apps/web/dist is that directory. Prints the final stage's directory, ENV, CMD and
 * HEALTHCHECK command.
 */
function dockerStages(dockerfile, contextDir, work, webDist) {
  const stages = parseDockerfile(dockerfile);
  const dirOf = (name) => path.join(work, `stage-${name}`);
  const final = stages.at(-1);
  const result = { dir: dirOf(final.name), env: {}, cmd: null, healthcheck: null, skipped: [] };
  for (const stage of stages) {
    const dir = dirOf(stage.name);
    mkdirSync(dir, { recursive: true });
    if (webDist && stage.name === 'build') {
      cpSync(webDist, path.join(dir, 'apps/web/dist'), { recursive: true });
      result.skipped.push('build stage (web app given)');
      continue;
    }
    const log = path.join(work, 'logs', `stage-${stage.name}.log`);
    for (const { keyword, args } of stage.steps) {
      const inStage = (target) => {
        if (target.startsWith('/app/') || target === '/app') return path.join(dir, target.slice(5));
        if (target.startsWith('/'))
          throw new Error(`${keyword} ${args}: ${target} is outside /app`);
        return path.join(dir, target);
      };
      if (keyword === 'WORKDIR' && args !== '/app')
        throw new Error(`WORKDIR ${args}: expected /app`);
      if (keyword === 'COPY') {
        const words = args.split(/\s+/);
        const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
        const paths = words.filter((word) => !word.startsWith('--'));
        const destination = paths.pop() ?? '';
        const intoDirectory = destination.endsWith('/') || paths.length > 1;
        for (const source of paths) {
          const origin = from
            ? path.join(dirOf(from), source.replace(/^\/app\/?/, ''))
            : path.join(contextDir, source);
          if (!existsSync(origin)) throw new Error(`COPY ${args}: ${origin} does not exist`);
          const isDirectory = statSync(origin).isDirectory();
          const target =
            intoDirectory && !isDirectory
              ? path.join(inStage(destination), path.basename(source))
              : inStage(destination);
          cpSync(origin, target, { recursive: true, verbatimSymlinks: true });
        }
      } else if (keyword === 'RUN' && stage !== final) {
        const commandLine = args.replace(/\s*&&\s*npm cache clean --force/, '');
        appendFileSync(log, `$ ${commandLine}\n`);
        execSync(`${commandLine} >>'${log}' 2>&1`, { cwd: dir, shell: '/bin/bash' });
      } else if (keyword === 'RUN') {
        result.skipped.push(`RUN ${args}`);
      } else if (keyword === 'ENV' && stage === final) {
        for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) result.env[key] = value;
      } else if (keyword === 'CMD' && stage === final) {
        result.cmd = JSON.parse(args);
      } else if (keyword === 'HEALTHCHECK' && stage === final) {
        result.healthcheck = JSON.parse(args.slice(args.indexOf('CMD ') + 'CMD '.length));
      }
    }
  }
  return result;
}

switch (command) {
  case 'model': {
    // The repository's loopback model (apps/server/test/support), answering word by word every
    // 100 ms so that a buffering proxy would show: the words would arrive together at the end.
    const { dutifulModel, startFakeLlmServer } = await import(
      path.join(root, 'apps/server/test/support/fake-llm-server.ts')
    );
    const paced = (request) => {
      const script = dutifulModel(request);
      const rewrite = request.messages.at(-1)?.content.startsWith('Latest message: ');
      return rewrite ? script : { ...script, firstTokenDelayMs: 200, tokenIntervalMs: 100 };
    };
    const model = await startFakeLlmServer(paced, { port: Number(args[0]) });
    print({ model: model.baseUrl });
    process.once('SIGTERM', () => model.close().then(() => process.exit(0)));
    break;
  }

  case 'wait-ready': {
    const [url = '', seconds = '60'] = args;
    const deadline = Date.now() + Number(seconds) * 1000;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) process.exit(0);
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    process.exit(1);
    break;
  }

  case 'chat-json': {
    const [base = '', question = ''] = args;
    const response = await postChat(base, question, 'application/json');
    const body = await response.json();
    print({
      status: response.status,
      answer: body.answer?.slice(0, 80),
      sources: body.sources?.length ?? 0,
      link: body.sources?.[0]?.link ?? null,
      requestId: response.headers.get('x-request-id'),
    });
    break;
  }

  case 'stream': {
    const [base = '', question = ''] = args;
    const started = performance.now();
    const response = await postChat(base, question, 'text/event-stream');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const arrivals = [];
    let text = '';
    let buffered = '';
    let tokens = 0;
    let sources = 0;
    let firstTokenMs = null;
    let doneMs = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const at = performance.now() - started;
      arrivals.push(Math.round(at));
      buffered += decoder.decode(value, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
        if (!event.startsWith('data: ')) continue;
        const data = event.slice('data: '.length);
        if (data === '[DONE]') {
          doneMs = at;
          continue;
        }
        const parsed = JSON.parse(data);
        if (parsed.type === 'token') {
          tokens++;
          text += parsed.token;
          firstTokenMs ??= at;
        } else if (parsed.type === 'end') {
          sources = parsed.sources.length;
        }
      }
    }
    print({
      status: response.status,
      contentType: response.headers.get('content-type'),
      contentEncoding: response.headers.get('content-encoding'),
      requestId: response.headers.get('x-request-id'),
      tokens,
      sources,
      reads: arrivals.length,
      distinctArrivalTimes: new Set(arrivals.map((ms) => Math.floor(ms / 50))).size,
      firstTokenMs: firstTokenMs === null ? null : Math.round(firstTokenMs),
      doneMs: doneMs === null ? null : Math.round(doneMs),
      answer: text.slice(0, 80),
    });
    break;
  }

  case 'spread': {
    const [base = '', count = '20', ...logs] = args;
    const ids = [];
    for (let i = 0; i < Number(count); i++) {
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) ids.push(response.headers.get('x-request-id'));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const perLog = Object.fromEntries(logs.map((log) => [path.basename(log), 0]));
    let unmatched = 0;
    for (const id of ids) {
      const [line] = requestLines(id, logs);
      if (line) perLog[path.basename(line.log)]++;
      else unmatched++;
    }
    print({ ok: ids.length, perLog, unmatched });
    break;
  }

  case 'find-request': {
    const [id = '', ...logs] = args;
    const [line] = requestLines(id, logs);
    print(
      line
        ? {
            log: path.basename(line.log),
            host: line.host,
            remoteAddress: line.ip,
          }
        : { log: null },
    );
    break;
  }

  case 'docker-stages': {
    const [dockerfile = '', contextDir = '', work = '', webDist] = args;
    try {
      print(dockerStages(dockerfile, contextDir, work, webDist));
    } catch (error) {
      console.error(`docker-stages: ${error.message}`);
      process.exit(1);
    }
    break;
  }

  default:
    console.error(`unknown command: ${command}`);
    process.exit(2);
}
