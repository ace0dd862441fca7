// Client-test helpers: a recording fake fetch and JSON responses (the records themselves are in records.ts).
import type { FetchLike } from '../../lib/api/client';

export const BASE = 'https://api.example.test';
export const KEY = 'sk_live_test_1234567890';
export const NOW = 1_750_000_000_000;

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Service-API-Version': '1.5.0', ...init.headers },
  });
}

export interface SeenRequest {
  url: string;
  authorization: string | null;
  init: RequestInit;
}

/** A fetch that records every request (URL and Authorization) and answers with `handler`. */
export function fakeFetch(handler: (url: URL, init: RequestInit) => Response | Promise<Response>): {
  fetch: FetchLike;
  seen: SeenRequest[];
} {
  const seen: SeenRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    seen.push({ url: input, authorization: new Headers(init.headers).get('Authorization'), init });
    return handler(new URL(input), init);
  };
  return { fetch, seen };
}

/** A fetch that never answers but honours the abort signal, like a real one. */
export function hangingFetch(honourSignal = true): { fetch: FetchLike; seen: SeenRequest[] } {
  return fakeFetch(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        if (honourSignal) init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}
