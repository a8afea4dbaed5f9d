import WebSocket from 'ws';

/** Opens a live connection and collects its messages; `headers` as a browser would add them (Origin). */
export function connect(url: string, cookie?: string, headers: Record<string, string> = {}) {
  const messages: Array<Record<string, unknown>> = [];
  const socket = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`refused with ${res.statusCode}`));
    });
    socket.once('error', reject);
  });
  const waitFor = async (predicate: (m: Record<string, unknown>) => boolean, ms = 5000) => {
    const start = Date.now();
    while (Date.now() - start < ms) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching message in ${ms} ms; got ${JSON.stringify(messages)}`);
  };
  return { socket, messages, opened, waitFor };
}
