import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { REVEAL_TARGET_GONE } from '@/lib/messages/texts';
import { aPerson } from '@/tests/support/records';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';
import { createWorker } from './create-worker';

// A lead's Reveal pays for the person its snapshot holds. A snapshot filed under one lead but holding
// another person's record (restored from a doctored backup before restores checked it) must never
// reveal that other person: the worker refuses before anything is sent.

const page = { kind: 'extension-page' } as const;
const A = ANCHORS;

async function setup() {
  const emulator = createEmulator();
  await settingsItem.setValue(parseSettings({}));
  const leads = testLeadStore();
  const worker = createWorker({
    leads,
    now: () => Date.now(),
    fetch: (input, init) => emulator.fetch(input, init),
    local: testRecords().store(),
    apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
    identity: { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
    pace: { calmMs: 0 },
    rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
  });
  await worker.start();
  expect((await worker.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: 'http://127.0.0.1:8787' }, page)).ok).toBe(true);
  const ledger = () => emulator.control.ledger('test_pro');
  return { worker, leads, paths: () => ledger().map((e) => e.path), charged: () => ledger().reduce((n, e) => n + e.creditsCharged, 0) };
}

beforeEach(() => fakeBrowser.reset());

describe('revealLead reads only the lead’s own record', () => {
  const ana = aPerson({ id: A.founder.id, firstName: 'Ana', lastName: 'Ruiz', company: null });
  const dario = aPerson({ id: A.cofounder.id, firstName: 'Tomas', lastName: 'Reyes', company: null });

  it('a snapshot holding another person’s record reads as none: refused, nothing sent, 0 credits', async () => {
    const t = await setup();
    await t.leads.save({ person: ana, organization: null, accountId: 'acc_pro', savedFrom: null });
    // Straight into the database under Ana's id, past every check a restore makes now.
    await t.leads.db.snapshots.update(ana.id, { person: dario });
    const before = t.paths().length;
    expect(await t.worker.handlers.revealLead({ personId: ana.id, confirmed: true, quoted: 10 }, page)).toEqual({
      ok: false,
      reason: 'error',
      message: REVEAL_TARGET_GONE,
    });
    expect(t.paths().slice(before)).toEqual([]);
    expect(t.charged()).toBe(0);
    expect(await t.leads.snapshot(ana.id)).toBeUndefined();
  });

  it('her own record: the reveal goes out for her, once', async () => {
    const t = await setup();
    await t.leads.save({ person: ana, organization: null, accountId: 'acc_pro', savedFrom: null });
    const out = await t.worker.handlers.revealLead({ personId: ana.id, confirmed: true, quoted: 10 }, page);
    expect(out).toMatchObject({ ok: true, personId: ana.id, creditsCharged: 10 });
    expect(t.paths().filter((p) => p.startsWith('/v1/people/'))).toEqual([`/v1/people/${ana.id}`]);
  });
});
