// Injected faults: the next N API requests fail in a chosen way instead of reaching the API.

import type { Fault, FaultKind } from './state';

export interface FaultInjection {
  /** Extra delay for each injected fault; on its own, delays just the next request. */
  latencyMs?: number;
  fail5xx?: number;
  fail429?: number;
  drop?: number;
  malformed?: number;
  html?: number;
  /** Serve and charge, then drop the connection before the first byte of the answer. */
  chargeThenDrop?: number;
  /** Serve and charge, send the status line and headers, then drop. */
  chargeThenDropAfterHeaders?: number;
  /** Serve and charge, send the headers and half the body, then drop. */
  chargeThenDropMidBody?: number;
}

const COUNTED: readonly Exclude<FaultKind, 'latency'>[] = [
  'fail5xx',
  'fail429',
  'drop',
  'malformed',
  'html',
  'chargeThenDrop',
  'chargeThenDropAfterHeaders',
  'chargeThenDropMidBody',
];

/** Queue order follows the order of the keys given. */
export function faultsFrom(injection: FaultInjection): Fault[] {
  const latencyMs = Math.max(0, injection.latencyMs ?? 0);
  const out: Fault[] = [];
  for (const [name, value] of Object.entries(injection)) {
    const kind = COUNTED.find((k) => k === name);
    if (!kind || typeof value !== 'number') continue;
    for (let i = 0; i < value; i++) out.push({ kind, latencyMs });
  }
  if (out.length === 0 && latencyMs > 0) out.push({ kind: 'latency', latencyMs });
  return out;
}

/** What a dropped connection looks like to fetch callers. The HTTP server destroys the socket instead. */
export class DroppedConnection extends TypeError {
  constructor() {
    super('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
  }
}

/**
 * A served (and charged) answer whose connection is lost after the headers (`after`: 0 bytes of the
 * body) or mid-body (half of it): reading the body fails, as it does for a real client. Over HTTP the
 * server streams the body and destroys the socket where the stream errors.
 */
export function droppedAnswer(answer: Response, where: 'after-headers' | 'mid-body'): Promise<Response> {
  return answer.arrayBuffer().then((bytes) => {
    const kept = where === 'mid-body' ? new Uint8Array(bytes).slice(0, Math.floor(bytes.byteLength / 2)) : new Uint8Array(0);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (kept.byteLength) controller.enqueue(kept);
        // Errored on the next turn, so the kept bytes are read first.
        setTimeout(() => controller.error(new DroppedConnection()), 0);
      },
    });
    const headers = new Headers(answer.headers);
    headers.set('Content-Length', String(bytes.byteLength));
    return new Response(body, { status: answer.status, headers });
  });
}

export const FIVE_XX = [500, 502, 503] as const;

/** A body cut off mid-record, with a JSON content type. */
export const MALFORMED_BODY = '{"data":[{"id":"per_7f3k2","firstName":"Ad';

/** What a captive portal or proxy login page looks like when it answers instead of the API. */
export const HTML_BODY = `<!doctype html>
<html><head><title>Sign in to continue</title></head>
<body><h1>Sign in to the network</h1><form><input name="user"><input name="pass" type="password"></form></body></html>
`;
