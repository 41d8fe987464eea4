import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

/** A Fastify app whose one route throws `error`, answered by the real error handler. */
async function answerTo(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/fail', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/fail' });
  await app.close();
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

/** As Drizzle wraps a driver's error: the query's message, the driver's error as the cause. */
function wrapped(cause: object): Error {
  return new Error('Failed query: select 1', { cause });
}

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('error handler: a full disk', () => {
  const shapes: [string, unknown][] = [
    ['PostgreSQL disk_full (53100)', wrapped(withCode('could not extend file', '53100'))],
    ['Node ENOSPC (file store)', withCode('ENOSPC: no space left on device, write', 'ENOSPC')],
    [
      "PGlite's emscripten ErrnoError",
      wrapped(Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 })),
    ],
    [
      'the words alone',
      new Error('could not write to file "pg_wal/xlogtemp": No space left on device'),
    ],
  ];
  it.each(shapes)('answers 507 insufficient_storage for %s', async (_name, error) => {
    const res = await answerTo(error);
    expect(res.status).toBe(507);
    expect(res.body.error.code).toBe('insufficient_storage');
    expect(res.body.error.message).toMatch(/^The server's storage is full; nothing was saved/);
  });
});

describe('error handler: the database unreachable', () => {
  const shapes: [string, unknown][] = [
    [
      'connection refused',
      wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    ],
    [
      'connection refused on every address (AggregateError)',
      wrapped(
        Object.assign(new AggregateError([withCode('refused', 'ECONNREFUSED')], ''), {
          code: 'ECONNREFUSED',
        }),
      ),
    ],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'terminated by an administrator (57P01)',
      wrapped(withCode('terminating connection', '57P01')),
    ],
    ['starting up (57P03)', wrapped(withCode('the database system is starting up', '57P03'))],
    ['a connection exception (08006)', wrapped(withCode('connection failure', '08006'))],
    ['too many connections (53300)', wrapped(withCode('too many clients already', '53300'))],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a cut connection', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'a database closed to connections',
      wrapped(withCode('database "x" is not currently accepting connections', '55000')),
    ],
  ];
  it.each(shapes)('answers 503 with Retry-After for %s', async (_name, error) => {
    const res = await answerTo(error);
    expect(res.status).toBe(503);
    expect(res.retryAfter).toBe('5');
    expect(res.body.error).toEqual({
      code: 'unavailable',
      message: 'The database cannot be reached right now. Please try again in 5 seconds.',
    });
  });

  it('still answers 500 for a query that is simply wrong', async () => {
    const res = await answerTo(wrapped(withCode('syntax error at or near "selec"', '42601')));
    expect(res.status).toBe(500);
    expect(res.retryAfter).toBeUndefined();
  });
});
