import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The layer order (docs/layers.md) is enforced by `npm run lint` (eslint.config.js `LAYERS`). These plant
 * files that break it in the real folders, lint them with the project's own config, and remove them: the
 * rules must catch them, or a config change quietly stopped enforcing the order.
 */
const root = join(import.meta.dirname, '../..');
const planted: string[] = [];

function plant(folder: string, files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(root, folder, 'planted-'));
  planted.push(dir);
  return Object.entries(files).map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
}

async function importErrors(paths: string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/') });
  const results = await eslint.lintFiles(paths);
  return results.flatMap((r) => r.messages.map((m) => `${relative(root, r.filePath).split('/').pop()}: ${m.ruleId}`));
}

afterAll(() => planted.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('npm run lint enforces the layers', { timeout: 60_000 }, () => {
  it.each([
    [
      'a component importing the worker',
      'components',
      "import { createWorker } from '@/lib/worker/create-worker';\nexport const a = createWorker;\n",
    ],
    [
      'a hook importing the worker',
      'hooks',
      "import { createWorker } from '@/lib/worker/create-worker';\nexport const a = createWorker;\n",
    ],
    ['core storage importing a feature', 'lib/storage', "import { dayKey } from '@/lib/credits/day-key';\nexport const a = dayKey;\n"],
    [
      'a feature importing one above it',
      'lib/credits',
      "import { EXPORT_KINDS } from '@/lib/leads/export/export';\nexport const a = EXPORT_KINDS;\n",
    ],
    [
      'the protocol importing the worker',
      'lib/messaging',
      "import { createWorker } from '@/lib/worker/create-worker';\nexport const a = createWorker;\n",
    ],
  ])('%s fails', async (_, folder, text) => {
    expect(await importErrors(plant(folder, { 'a.ts': text }))).toEqual(['a.ts: import-x/no-restricted-paths']);
  });

  it('a circle fails', async () => {
    const files = plant('lib/text', {
      'a.ts': "import { b } from './b';\nexport const a = (): unknown => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = (): unknown => a;\n",
    });
    expect(await importErrors(files)).toEqual(['a.ts: import-x/no-cycle', 'b.ts: import-x/no-cycle']);
  });

  it('an import down the order passes', async () => {
    const files = plant('lib/credits', { 'a.ts': "import { toCsv } from '@/lib/text/cells';\nexport const a = toCsv;\n" });
    expect(await importErrors(files)).toEqual([]);
  });
});
