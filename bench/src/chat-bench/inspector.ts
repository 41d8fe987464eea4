/**
 * The server's live memory after a full collection, read through the V8 inspector: the server is
 * started with `--inspect-port` (inactive), and SIGUSR1 turns the inspector on only for the
 * memory measurement. The server needs no test route for this, and RSS alone cannot tell live
 * objects from a heap V8 grew earlier and keeps.
 */

export type LiveMemory = { heapUsedBytes: number; externalBytes: number; liveBytes: number };

export type Inspector = {
  /** A full garbage collection in the server, then its process.memoryUsage(). */
  liveMemory(): Promise<LiveMemory>;
  close(): void;
};

export async function attachInspector(pid: number, port: number): Promise<Inspector> {
  process.kill(pid, 'SIGUSR1');
  const deadline = Date.now() + 10_000;
  let debuggerUrl: string | undefined;
  while (!debuggerUrl) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/list`);
      const targets = (await response.json()) as { webSocketDebuggerUrl?: string }[];
      debuggerUrl = targets[0]?.webSocketDebuggerUrl;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`no inspector on port ${port}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const socket = new WebSocket(debuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (message) => {
        pending.delete(id);
        if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async liveMemory() {
      await call('HeapProfiler.collectGarbage');
      const result = (await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      const usage = JSON.parse(result.result.value) as NodeJS.MemoryUsage;
      return {
        heapUsedBytes: usage.heapUsed,
        externalBytes: usage.external,
        liveBytes: usage.heapUsed + usage.external,
      };
    },
    close: () => socket.close(),
  };
}
