import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an outside similarity service on loopback (decision 0020 §5.4), started and
 * stopped by a test: it takes a submission, answers "pending" to the first polls, then a score.
 * `mode: 'error'` makes it refuse every call.
 */
export type StandIn = {
  url: string;
  received: { reference: string; text: string | null; files: number }[];
  mode: 'ok' | 'error';
  pendingPolls: number;
  close: () => Promise<void>;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startTurnitinStandIn(apiKey: string): Promise<StandIn> {
  const polls = new Map<string, number>();
  let next = 1;
  const state: Omit<StandIn, 'url' | 'close'> = { received: [], mode: 'ok', pendingPolls: 2 };
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        res.writeHead(401).end();
        return;
      }
      if (state.mode === 'error') {
        res.writeHead(503).end();
        return;
      }
      if (req.method === 'POST' && req.url === '/submissions') {
        const body = JSON.parse(await readBody(req)) as {
          reference: string;
          text: string | null;
          files: unknown[];
        };
        state.received.push({
          reference: body.reference,
          text: body.text,
          files: body.files.length,
        });
        const id = `sub-${String(next)}`;
        next += 1;
        polls.set(id, 0);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
        return;
      }
      const m = /^\/submissions\/([^/]+)\/similarity$/.exec(req.url ?? '');
      if (req.method === 'GET' && m?.[1] && polls.has(m[1])) {
        const id = m[1];
        const n = (polls.get(id) ?? 0) + 1;
        polls.set(id, n);
        const done = n > state.pendingPolls;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            status: done ? 'COMPLETE' : 'PENDING',
            overall_match_percentage: done ? 37 : null,
            report_url: done ? `https://reports.example/${id}` : null,
          }),
        );
        return;
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${String(port)}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
