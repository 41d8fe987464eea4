// `node bench/src/chat-bench/bare-relay.ts <port> <model base URL>`: the chat benchmark's
// reference. A bare node:http server, in a process of its own like ours, that relays
// `POST /api/chat` to the same loopback model and sends its tokens back in our stream's event
// shape. It does what no product can skip (parse the request, call the model, re-frame its stream)
// and nothing else: no session, limits, retrieval, database or logging. Our added time to first
// token over its own is what the product's work costs.
import http from 'node:http';

const [portArgument, modelBaseUrl] = process.argv.slice(2);
const port = Number(portArgument);
if (!Number.isInteger(port) || !modelBaseUrl) {
  console.error('usage: bare-relay.ts <port> <model base URL>');
  process.exit(2);
}
const completions = new URL(`${modelBaseUrl.replace(/\/$/, '')}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
/** One numbered passage, so the stub model quotes and cites it as it does for our server. */
const PASSAGE =
  '[1] (relay.txt, page 1)\nThe real remedy for caste is inter-marriage; education, agitation ' +
  'and organisation are the means, and the Dhamma is social, not ritual.';

const send = (response: http.ServerResponse, event: unknown) =>
  response.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);

/** Relays one model stream, re-framing each `delta.content` as a token event. */
function relay(question: string, request: http.IncomingMessage, response: http.ServerResponse) {
  const body = JSON.stringify({
    model: 'bench-stub',
    stream: true,
    messages: [{ role: 'user', content: `${PASSAGE}\n\nQuestion: ${question}` }],
  });
  const upstream = http.request(completions, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  // The client leaving cancels the model call, as ours does.
  response.on('close', () => upstream.destroy());
  upstream.on('response', (modelResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let buffer = '';
    modelResponse.setEncoding('utf8');
    modelResponse.on('data', (chunk: string) => {
      buffer += chunk;
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
        const parsed = JSON.parse(line.slice(6)) as {
          choices?: { delta?: { content?: string } }[];
        };
        const token = parsed.choices?.[0]?.delta?.content;
        if (token) send(response, { type: 'token', token });
      }
    });
    modelResponse.on('end', () => {
      send(response, { type: 'end', sources: [] });
      send(response, '[DONE]');
      response.end();
    });
  });
  upstream.on('error', (error) => {
    if (!response.headersSent) response.writeHead(502);
    response.end(error.message);
  });
  request.on('error', () => upstream.destroy());
  upstream.end(body);
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    // /api/ready, as the real server answers it, so the bench waits for both the same way.
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
    return;
  }
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    const question = (JSON.parse(body) as { question?: string }).question ?? '';
    relay(question, request, response);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
