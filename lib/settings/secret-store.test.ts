import { IDBFactory } from 'fake-indexeddb';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_DB_NAME, indexedDbSecretStore, memorySecretStore, type SecretStore } from './secret-store';

// fake-indexeddb runs the real IndexedDB adapter (transactions, upgrade, reopen) in node, which has no IndexedDB.
const stores: Array<[string, () => SecretStore]> = [
  ['memory', () => memorySecretStore()],
  ['IndexedDB', () => indexedDbSecretStore(new IDBFactory())],
];

describe.each(stores)('%s secret store', (_label, make) => {
  it('reads null for a name never set', async () => {
    expect(await make().get('apiKey')).toBeNull();
  });

  it('set, overwrite, get, remove', async () => {
    const s = make();
    await s.set('apiKey', 'sk_live_one');
    await s.set('apiKey', 'sk_live_two');
    await s.set('other', 'x');
    expect(await s.get('apiKey')).toBe('sk_live_two');
    await s.remove('apiKey');
    expect(await s.get('apiKey')).toBeNull();
    expect(await s.get('other')).toBe('x');
  });
});

describe('indexedDbSecretStore', () => {
  it('a second connection (the background woken again) reads what the first wrote', async () => {
    const factory = new IDBFactory();
    await indexedDbSecretStore(factory).set('apiKey', 'sk_live_abc');
    expect(await indexedDbSecretStore(factory).get('apiKey')).toBe('sk_live_abc');
    expect(await indexedDbSecretStore(factory, 'another-db').get('apiKey')).toBeNull();
  });

  it('a failed open (a disk or quota error) does not leave the key unreadable until the worker restarts', async () => {
    const real = new IDBFactory();
    await indexedDbSecretStore(real).set('apiKey', 'sk_live_abc');
    let fail = true;
    const flaky = new Proxy(real, {
      get(target, prop) {
        if (prop !== 'open') return Reflect.get(target, prop, target) as unknown;
        return (name: string, version?: number) => {
          if (fail) throw new DOMException('disk error', 'InvalidStateError');
          return target.open(name, version);
        };
      },
    });
    const store = indexedDbSecretStore(flaky);
    await expect(store.get('apiKey')).rejects.toThrow();
    fail = false;
    expect(await store.get('apiKey')).toBe('sk_live_abc');
  });

  it('reads the database an earlier version wrote with plain IndexedDB (version 1, store "secrets"), and keeps it at version 1', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve) => {
      const req = factory.open(SECRET_DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore('secrets');
      req.onsuccess = () => {
        const tx = req.result.transaction('secrets', 'readwrite');
        tx.objectStore('secrets').put('sk_live_old', 'apiKey');
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
      };
    });
    const s = indexedDbSecretStore(factory);
    expect(await s.get('apiKey')).toBe('sk_live_old');
    await s.set('apiKey', 'sk_live_new');
    expect(await s.get('apiKey')).toBe('sk_live_new');
    const version = await new Promise<number>((resolve) => {
      const req = factory.open(SECRET_DB_NAME);
      req.onsuccess = () => {
        resolve(req.result.version);
        req.result.close();
      };
    });
    expect(version).toBe(1);
  });

  it('gives way to a newer database version instead of blocking it', async () => {
    const factory = new IDBFactory();
    const s = indexedDbSecretStore(factory);
    await s.set('apiKey', 'sk_live_abc');
    // Our connection stays open; an upgrade elsewhere must not hang (onblocked) waiting for it.
    const upgraded = await new Promise<string>((resolve) => {
      const req = factory.open(SECRET_DB_NAME, 2);
      req.onsuccess = () => {
        req.result.close();
        resolve('upgraded');
      };
      req.onblocked = () => resolve('blocked');
      req.onerror = () => resolve('error');
    });
    expect(upgraded).toBe('upgraded');
  });
});

describe('who may import the secret store', () => {
  // Extension pages share the background's origin and could open the database: keep the code path to
  // the key in the background only (the background entrypoint wires it; lib/settings defines it).
  const allowed = new Set(['entrypoints/background.ts', 'lib/settings/secret-store.ts']);
  const sources = (dir: string): string[] =>
    // planted-*: tests/lint/layers.test.ts's short-lived files, which may vanish while this reads them.
    readdirSync(dir).flatMap((f) => {
      if (f.startsWith('planted-')) return [];
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? sources(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
    });

  it('only entrypoints/background.ts imports it', () => {
    const importers = ['entrypoints', 'lib', 'components']
      .flatMap(sources)
      // A type-only import carries no code: api-key.ts may name the interface.
      .filter((f) =>
        /import\s+(?!type\s)[^;]*from\s+['"][^'"]*secret-store['"]|import\(\s*['"][^'"]*secret-store/.test(readFileSync(f, 'utf8')),
      )
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => !allowed.has(f) && !/\.test\.tsx?$/.test(f));
    expect(importers).toEqual([]);
    expect(readFileSync('entrypoints/background.ts', 'utf8')).toMatch(/from '@\/lib\/settings\/secret-store'/);
  });
});
