import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('lib/zod-setup', () => {
  it('switches zod to jitless', async () => {
    z.config({ jitless: false });
    await import('./zod-setup');
    expect(z.config().jitless).toBe(true);
  });

  // ES modules run in import order: zod-setup must be the first import, before anything that builds a schema.
  it.each([
    'entrypoints/background.ts',
    'entrypoints/sidepanel/main.tsx',
    'entrypoints/popup/main.tsx',
    'entrypoints/options/main.tsx',
    'entrypoints/prospect/main.tsx',
  ])('%s imports it first', (file) => {
    const firstImport = /^import\s[^;]*;/m.exec(readFileSync(file, 'utf8'))?.[0];
    expect(firstImport).toBe("import '@/lib/zod-setup';");
  });
});
