// Serves the HubSpot emulator over real HTTP on 127.0.0.1 (port 0 picks a free one) for the e2e tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHubSpotEmulator, HubSpotAnswerLost, type HubSpotEmulator, type HubSpotEmulatorOptions } from './emulator';

export interface RunningHubSpot {
  baseUrl: string;
  hubspot: HubSpotEmulator;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks).toString('utf8');
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

export async function startHubSpotServer(opts: HubSpotEmulatorOptions & { port?: number } = {}): Promise<RunningHubSpot> {
  const hubspot = createHubSpotEmulator(opts);
  let baseUrl = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      let response: Response;
      try {
        response = await hubspot.handle(await toRequest(req, baseUrl));
      } catch (e) {
        // A lost answer (control.loseAnswerNext): the work is done, and the socket closes before any byte, so the
        // browser sees an empty response; on a reused keep-alive socket Chromium resends the request itself.
        if (e instanceof HubSpotAnswerLost) req.socket.destroy();
        else {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(e instanceof Error ? e.message : 'emulator error');
        }
        return;
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      // The extension's pages call it from their own origin only through the worker; CORS is not needed.
      res.writeHead(response.status, headers);
      res.end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    hubspot,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
