import { expect } from 'vitest';
import { createEmulator, type Emulator } from '@/tests/emulator';
import { parseSettings, type Settings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { createWorker, type WorkerDeps } from '@/lib/worker/create-worker';
import { testLeadStore } from './test-leads';
import { testRecords } from './test-records';

export const TEST_BASE_URL = 'http://127.0.0.1:8787';
export const TEST_IDENTITY = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
/** The sender of a message from an extension page. */
export const EXTENSION_PAGE = { kind: 'extension-page' } as const;

/**
 * The real background worker on wxt's fake browser, against `emulator` (its ledger is the truth about
 * money), a fresh leads database and `key` saved: fast timings, automatic lookups on unless `settings` say.
 */
export async function startTestWorker(
  opts: {
    key?: string;
    emulator?: Emulator;
    settings?: Partial<Settings>;
    aheadConfirmMs?: number;
    watchTabUrls?: WorkerDeps['watchTabUrls'];
    now?: () => number;
  } = {},
) {
  const emulator = opts.emulator ?? createEmulator();
  const key = opts.key ?? 'test_pro';
  await settingsItem.setValue(parseSettings({ autoLookup: 'always', ...opts.settings }));
  const leads = testLeadStore();
  const records = testRecords();
  const worker = createWorker({
    leads,
    fetch: (input, init) => emulator.fetch(input, init),
    local: records.store(),
    apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
    identity: TEST_IDENTITY,
    nameWaitMs: 30,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.aheadConfirmMs !== undefined ? { aheadConfirmMs: opts.aheadConfirmMs } : {}),
    ...(opts.watchTabUrls ? { watchTabUrls: opts.watchTabUrls } : {}),
    pace: { calmMs: 0 },
    rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
  });
  await worker.start();
  expect((await worker.handlers.saveApiKey({ apiKey: key, baseUrl: TEST_BASE_URL }, EXTENSION_PAGE)).ok).toBe(true);
  return { emulator, worker, leads, records, key, h: worker.handlers };
}
