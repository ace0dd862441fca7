// Test helper: an emulator on a manual clock plus a small GET helper that parses JSON answers.

import { createEmulator, DEFAULT_BASE_URL, type Emulator } from './emulator';
import type { EmulatorOptions } from './types';

export const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);

export interface Answer {
  status: number;
  headers: Headers;
  // Tests poke into bodies freely; the emulator's own types are checked elsewhere.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  body: any;
  text: string;
}

export interface Harness {
  emu: Emulator;
  /** Advance the manual clock. */
  tick(ms: number): void;
  now(): number;
  /** GET path with `Authorization: Bearer <key>` (key null = no header). */
  get(path: string, key?: string | null, opts?: { ip?: string; headers?: Record<string, string> }): Promise<Answer>;
  post(path: string, body: unknown): Promise<Answer>;
}

export function harness(options: EmulatorOptions = {}): Harness {
  let t = T0;
  const emu = createEmulator({ now: () => t, ...options });
  const base = options.baseUrl ?? DEFAULT_BASE_URL;
  const read = async (res: Response): Promise<Answer> => {
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body, text };
  };
  return {
    emu,
    tick: (ms) => {
      t += ms;
    },
    now: () => t,
    get: async (path, key = 'test_pro', opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers };
      if (key !== null) headers.Authorization = `Bearer ${key}`;
      return read(await emu.handle(new Request(base + path, { headers }), opts.ip));
    },
    post: async (path, body) =>
      read(
        await emu.handle(
          new Request(base + path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
        ),
      ),
  };
}

/** Every object key anywhere in a JSON value. */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}
