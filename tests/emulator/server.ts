// `npm run emulator`: serve the Directory API emulator until Ctrl-C / SIGTERM.
// Env: PORT (8787), APP_PORT (8788), HOST (127.0.0.1), API_VERSION (1.5.0), SEED (1), LATENCY_MS (0), RESET_UNIT (delta-seconds).

import { serveUntilSignal } from '../support/serve-until-signal';
import { ACCOUNT_SEEDS, KEY_SEEDS } from './accounts';
import { startEmulatorServer } from './start-server';
import type { ApiVersion, ResetUnit } from './types';

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return n;
}

function oneOfEnv<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got ${raw}`);
  return raw as T;
}

async function main(): Promise<{ close(): Promise<void> }> {
  const apiVersion = oneOfEnv<ApiVersion>('API_VERSION', ['1.5.0', '1.4.0', '1.1.0'], '1.5.0');
  const running = await startEmulatorServer({
    port: intEnv('PORT', 8787),
    appPort: intEnv('APP_PORT', 8788),
    host: process.env.HOST || '127.0.0.1',
    apiVersion,
    resetUnit: oneOfEnv<ResetUnit>('RESET_UNIT', ['delta-seconds', 'epoch-seconds', 'epoch-ms'], 'delta-seconds'),
    seed: intEnv('SEED', 1),
    latencyMs: intEnv('LATENCY_MS', 0),
  });
  const d = running.emulator.directory;
  const lines = [
    `Directory API emulator (API ${apiVersion}, seed ${d.seed})`,
    `  API base URL: ${running.baseUrl}   (try: curl -H 'Authorization: Bearer test_pro' ${running.baseUrl}/v1/me)`,
    `  App URL:      ${running.appUrl}   (HTML 404 for everything)`,
    `  Control:      ${running.baseUrl}/__emulator/{reset,accounts/:key,keys,ledger,inject,patch,configure}`,
    `  Directory:    ${d.people.length} people, ${d.projects.length} projects, ${d.investors.length} investors, ${d.services.length} services`,
    '  Keys:',
    ...KEY_SEEDS.map((k) => {
      const a = ACCOUNT_SEEDS.find((x) => x.id === k.accountId);
      const notes = [k.revoked ? 'revoked' : '', k.scopes.includes('read:contacts') ? '' : 'no read:contacts'].filter(Boolean).join(', ');
      return `    ${k.key.padEnd(20)} ${String(a?.tier).padEnd(11)} ${String(a?.balance).padStart(10)} credits  ${k.accountId}${notes ? `  (${notes})` : ''}`;
    }),
    'Ctrl-C to stop.',
  ];
  console.log(lines.join('\n'));
  return running;
}

serveUntilSignal('emulator', main);
