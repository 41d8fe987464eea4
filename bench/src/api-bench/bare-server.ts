// The reference server of `npm run bench:api`, run as its own process (bare-server-process.ts):
// node:http and nothing else, answering each benchmarked path with the exact body bytes the real
// server sent for it. Whatever the real server does beyond this (routing, hooks, the session
// lookup, validation, serialisation, logging, security headers) is what the ratio measures.
import { createServer } from 'node:http';

type Bodies = { bodies: Record<string, string> };

// The parent sends the bodies (base64) over IPC once, then hears the port back.
process.once('message', (message: Bodies) => {
  const bodies = new Map(
    Object.entries(message.bodies).map(([url, base64]) => [url, Buffer.from(base64, 'base64')]),
  );
  const server = createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    if (!body) {
      response.writeHead(404, { 'content-length': 0 });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});

// When the benchmark ends, or dies, the IPC channel closes: nothing is left running.
process.once('disconnect', () => process.exit(0));
