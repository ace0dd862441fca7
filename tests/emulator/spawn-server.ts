/*
 * The emulator served from a Node process of its own, controlled over its HTTP face (/__emulator/*:
 * ./control.ts). For the benches that time the extension against it: the process driving the browser
 * handles every DevTools event a navigation raises, and an API served from that same event loop answers
 * only between them, which adds the driver's own work to each round trip the extension is timed on.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ConfigurePatch } from './control';
import { seedDirectory } from './seed-directory';
import type { LedgerEntry } from './state';
import type { SeededDirectory } from './types';

export interface SpawnedEmulator {
  baseUrl: string;
  appUrl: string;
  /** The seeded directory, built here from the same seed (it is frozen: patches do not show here). */
  directory: SeededDirectory;
  configure(patch: ConfigurePatch): Promise<void>;
  ledger(key: string): Promise<LedgerEntry[]>;
  close(): Promise<void>;
}

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
// Resolved from here, not from the working directory: the child finds tsx wherever the bench is started.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function spawnEmulatorServer(opts: { seed?: number } = {}): Promise<SpawnedEmulator> {
  const seed = opts.seed ?? 1;
  const child = spawn(process.execPath, ['--import', TSX, SERVER], {
    env: { ...process.env, PORT: '0', APP_PORT: '0', SEED: String(seed), LATENCY_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  // server.ts prints both addresses once it listens.
  const urls = await new Promise<{ baseUrl: string; appUrl: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const base = /API base URL: (http:\/\/\S+)/.exec(out)?.[1];
      const app = /App URL:\s+(http:\/\/\S+)/.exec(out)?.[1];
      if (base && app) resolve({ baseUrl: base, appUrl: app });
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before it listened:\n${out}`)));
  });
  const control = async (route: string, init?: RequestInit): Promise<unknown> => {
    const res = await fetch(`${urls.baseUrl}/__emulator/${route}`, init);
    if (!res.ok) throw new Error(`emulator control ${route}: HTTP ${res.status}`);
    return res.json();
  };
  return {
    ...urls,
    directory: seedDirectory(seed),
    configure: async (patch) => void (await control('configure', { method: 'POST', body: JSON.stringify(patch) })),
    ledger: async (key) => (await control(`ledger?key=${encodeURIComponent(key)}`)) as LedgerEntry[],
    close: async () => {
      process.off('exit', stop);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      stop();
      await exited;
    },
  };
}
