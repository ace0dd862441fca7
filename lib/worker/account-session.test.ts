import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { AccountSession } from './account-session';

beforeEach(() => fakeBrowser.reset());

function session() {
  const changes: boolean[] = [];
  let stored: string | null = 'sk_saved';
  const s = new AccountSession({
    fetch: async () =>
      new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } }),
    now: () => 0,
    apiKey: { get: async () => stored, set: async (k) => void (stored = k), remove: async () => void (stored = null) },
    onKeyRejectedChange: (v) => changes.push(v),
  });
  return { s, changes };
}

describe('AccountSession: the key-rejected flag changes only through its methods', () => {
  it('rejectKey once tells the meter once; retryKey clears it', async () => {
    const { s, changes } = session();
    await s.load();
    s.rejectKey();
    s.rejectKey();
    expect(s.keyRejected).toBe(true);
    s.retryKey();
    expect(s.keyRejected).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('a 401 on the free /v1/me refresh rejects the key; removing the key clears the flag', async () => {
    const { s, changes } = session();
    await s.load();
    expect(await s.refresh()).toBeNull();
    expect(s.keyRejected).toBe(true);
    await s.remove();
    expect(s.keyRejected).toBe(false);
    expect(s.hasKey).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});
