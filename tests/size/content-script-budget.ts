import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PEOPLE_READERS } from '../../lib/profile/sites';

/**
 * Each content script runs on every X/LinkedIn page the user opens, so it has a hard size budget: the
 * build fails past 12,000 B. The row readers of "People on this page" are held to it too.
 */
export const CONTENT_SCRIPT_BUDGET_BYTES = 12_000;

/** The size each script should be (issue 24: 9,500 B); the build names an overage (a warning). */
export const CONTENT_SCRIPT_TARGET_BYTES = 9_500;

export interface ScriptSize {
  file: string;
  bytes: number;
}

/** The content scripts, and the row readers injected into the same pages (lib/profile/sites.ts). */
export function contentScriptSizes(outDir: string): ScriptSize[] {
  const dir = path.join(outDir, 'content-scripts');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => `content-scripts/${f}`);
  } catch {
    return [];
  }
  const readers = Object.values(PEOPLE_READERS)
    .map((f) => f.replace(/^\//, ''))
    .filter((f) => existsSync(path.join(outDir, f)));
  return [...files, ...readers].map((file) => ({ file, bytes: statSync(path.join(outDir, file)).size }));
}

/** Throws (failing the build) when any content script is over budget. */
export function assertContentScriptBudget(outDir: string, budget = CONTENT_SCRIPT_BUDGET_BYTES): ScriptSize[] {
  const sizes = contentScriptSizes(outDir);
  const over = sizes.filter((s) => s.bytes > budget);
  if (over.length > 0) {
    const list = over.map((s) => `${s.file} is ${s.bytes} B`).join(', ');
    throw new Error(`Content-script size budget (${budget} B) exceeded: ${list}`);
  }
  return sizes;
}
