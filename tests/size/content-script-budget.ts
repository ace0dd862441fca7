import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Each content script runs on every X/LinkedIn page the user opens, so it has a hard size budget: the
 * build fails past 12,000 B (issue 26: the list readers of "People on this page" live in these scripts).
 */
export const CONTENT_SCRIPT_BUDGET_BYTES = 12_000;

/**
 * The size each script should be (issue 24: 9,500 B). With the LinkedIn list reader wired, linkedin.js is
 * over it; the build names the overage (a warning, not a failure) until the lead settles issue 24 vs 26.
 */
export const CONTENT_SCRIPT_TARGET_BYTES = 9_500;

export interface ScriptSize {
  file: string;
  bytes: number;
}

export function contentScriptSizes(outDir: string): ScriptSize[] {
  const dir = path.join(outDir, 'content-scripts');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  } catch {
    return [];
  }
  return files.map((f) => ({ file: `content-scripts/${f}`, bytes: statSync(path.join(dir, f)).size }));
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
