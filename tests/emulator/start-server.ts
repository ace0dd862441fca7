// Serves an emulator over real HTTP: the API on one port, the application host (HTML 404s) on another.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator, type Emulator } from './emulator';
import { DroppedConnection } from './faults';
import type { EmulatorOptions } from './types';

export interface StartOptions extends EmulatorOptions {
  /** API port; 0 picks a free one. Default 8787. */
  port?: number;
  /** Application-host port; 0 picks a free one. Default 8788. */
  appPort?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
}

export interface RunningEmulator {
  baseUrl: string;
  appUrl: string;
  emulator: Emulator;
  close(): Promise<void>;
}

type Handler = (request: Request, ip: string) => Promise<Response>;

/** '::ffff:127.0.0.1' -> '127.0.0.1', so IPv4 clients count under one address. */
const clientIp = (req: IncomingMessage): string => (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');

async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks).toString('utf8'); // control bodies are JSON text
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body, signal });
}

function listener(origin: () => string, handler: Handler) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const aborter = new AbortController();
    // The client hung up before we answered (e.g. it timed out during injected latency).
    res.on('close', () => {
      if (!res.writableFinished) aborter.abort();
    });
    void (async () => {
      try {
        const response = await handler(await toRequest(req, origin(), aborter.signal), clientIp(req));
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        res.writeHead(response.status, headers);
        res.flushHeaders();
        // Streamed, so an answer that errors mid-way (an injected charged drop) loses the connection there.
        if (response.body) {
          const reader = response.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            await new Promise<void>((resolve) => res.write(value, () => resolve()));
          }
        }
        res.end();
      } catch (e) {
        if (res.headersSent) {
          req.socket.destroy();
          return;
        }
        if (e instanceof DroppedConnection || aborter.signal.aborted) {
          req.socket.destroy();
          return;
        }
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: `Emulator crashed: ${e instanceof Error ? e.message : String(e)}` }));
      }
    })();
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startEmulatorServer(opts: StartOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let emulator: Emulator | undefined;
  let baseUrl = '';
  let appUrl = '';
  const ready = (): Emulator => {
    if (!emulator) throw new Error('emulator not ready');
    return emulator;
  };
  // Listen first so port 0 resolves, then build the emulator with the real bound URLs.
  const api = createServer(
    listener(
      () => baseUrl,
      (request, ip) => ready().handle(request, ip),
    ),
  );
  const app = createServer(
    listener(
      () => appUrl,
      (request) => ready().handleApp(request),
    ),
  );
  // Idle connections kept for a minute, as load balancers in front of real APIs do (AWS ALB's default):
  // Node's 5 s would make whether Chromium resends a GET lost on a reused connection depend on test pace.
  api.keepAliveTimeout = 60_000;
  const apiPort = await listen(api, opts.port ?? 8787, host);
  let appPort: number;
  try {
    appPort = await listen(app, opts.appPort ?? 8788, host);
  } catch (e) {
    await closeServer(api);
    throw e;
  }
  baseUrl = `http://${urlHost}:${apiPort}`;
  appUrl = `http://${urlHost}:${appPort}`;
  emulator = createEmulator({ ...opts, baseUrl, appUrl });
  return {
    baseUrl,
    appUrl,
    emulator,
    close: async () => {
      await Promise.all([closeServer(api), closeServer(app)]);
    },
  };
}
