import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertContentScriptBudget } from './content-script-budget';

function outDirWith(files: Record<string, number>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cs-budget-'));
  mkdirSync(path.join(dir, 'content-scripts'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, 'content-scripts', name), 'x'.repeat(bytes));
  return dir;
}

describe('content-script size budget', () => {
  it('passes scripts at or under the budget', () => {
    expect(assertContentScriptBudget(outDirWith({ 'x.js': 12_000, 'linkedin.js': 3_000 }))).toHaveLength(2);
  });
  it('fails the build naming the script that grew past 12,000 B', () => {
    expect(() => assertContentScriptBudget(outDirWith({ 'x.js': 10, 'linkedin.js': 12_001 }))).toThrow(/linkedin\.js is 12001 B/);
  });
});
