// createEmulator: wires state, API pipeline, app host and control into a fetch-compatible emulator.

import { handleApi } from './api';
import { createControl, handleControl, type EmulatorControl } from './control';
import { CORS_HEADERS, VERSION_HEADER, appNotFound, delay } from './http';
import { SEEDED_PRICES } from './pricing';
import { createState, type RuntimeConfig } from './state';
import type { EmulatorOptions, SeededDirectory } from './types';

export interface Emulator {
  /** fetch-compatible. baseUrl origin -> API; appUrl origin -> HTML 404; any other origin -> TypeError('fetch failed'). */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The API handler (clientIp feeds the per-IP rejected-key limit). Rejects with TypeError('fetch failed') on an injected drop. */
  handle(request: Request, clientIp?: string): Promise<Response>;
  /** The application host: always an HTML 404. */
  handleApp(request: Request): Promise<Response>;
  control: EmulatorControl;
  /** The seeded directory (frozen; patches do not show here). */
  directory: SeededDirectory;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';
export const DEFAULT_APP_URL = 'http://127.0.0.1:8788';

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const appUrl = (options.appUrl ?? DEFAULT_APP_URL).replace(/\/+$/, '');
  const config: RuntimeConfig = {
    apiVersion: options.apiVersion ?? '1.5.0',
    resetUnit: options.resetUnit ?? 'delta-seconds',
    latencyMs: options.latencyMs ?? 0,
    rateLimitPerMinute: {},
    prices: { ...SEEDED_PRICES },
  };
  const state = createState({ seed: options.seed ?? 1, config, baseUrl, appUrl, now: options.now ?? Date.now });
  const control = createControl(state, config);
  const apiOrigin = new URL(baseUrl).origin;
  const appOrigin = new URL(appUrl).origin;

  const handle = async (request: Request, clientIp = '127.0.0.1'): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/__emulator/')) return handleControl(state, control, request);
    if (request.method === 'OPTIONS') {
      // CORS preflight: not an API call (no auth, not metered, not in the ledger).
      return new Response(null, { status: 204, headers: { ...CORS_HEADERS, [VERSION_HEADER]: state.config.apiVersion } });
    }
    return handleApi(state, request, clientIp);
  };

  const handleApp = async (_request: Request): Promise<Response> => {
    await delay(state.config.latencyMs);
    return appNotFound();
  };

  const emulatorFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { origin } = new URL(request.url);
    let work: Promise<Response>;
    if (origin === apiOrigin) work = handle(request);
    else if (origin === appOrigin) work = handleApp(request);
    else {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${new URL(request.url).hostname}`), { code: 'ENOTFOUND' }),
      });
    }
    const response = await abortable(work, request.signal);
    // Constructed Responses have url ''; a real fetch reports the final URL.
    Object.defineProperty(response, 'url', { value: request.url });
    return response;
  };

  return { fetch: emulatorFetch, handle, handleApp, control, directory: state.seeded };
}
