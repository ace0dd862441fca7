// The demo's record: what the panel showed at each step and what the emulator charged for it.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describeReading, type PanelReading } from './panel';

export interface LedgerCall {
  /** "/v1/search?q=AdaQuant" */
  call: string;
  status: number;
  credits: number;
}

export interface StepRecord {
  /** "01-founder" */
  id: string;
  title: string;
  /** The page the step visited. */
  url: string;
  /** Screenshots written for this step, relative to the output directory. */
  screenshots: string[];
  /** What the panel showed in each screenshot. */
  shots: Array<{ file: string; panel: PanelReading }>;
  /** What the panel showed at the end of the step. */
  panel: PanelReading;
  /** Charged by the emulator during the step (its ledger, the source of truth). */
  credits: number;
  calls: LedgerCall[];
  ms: number;
}

export interface DemoSummary {
  date: string;
  apiKey: string;
  baseUrl: string;
  short: boolean;
  headless: boolean;
  steps: StepRecord[];
  totalCredits: number;
  /** The balance the emulator reports for the key at the end. */
  balanceAfter: number | null;
  ok: boolean;
  error?: string;
}

export function summaryMarkdown(s: DemoSummary): string {
  const out: string[] = [];
  out.push('# Crypto Directory — demo run', '');
  out.push(
    `${s.date} · key \`${s.apiKey}\` against the local emulator (${s.baseUrl}) · ${s.headless ? 'headless' : 'headed'}${s.short ? ' · short run' : ''}`,
    '',
  );
  if (!s.ok) out.push(`**The demo failed:** ${s.error ?? 'unknown error'}`, '');
  out.push('| Step | Page | Panel showed | Credits |', '| --- | --- | --- | ---: |');
  for (const step of s.steps) {
    const shown = describeReading(step.panel)
      .filter((l) => !l.startsWith('meter:'))
      .join('<br>')
      .replace(/\|/g, '\\|');
    out.push(`| ${step.id} ${step.title} | ${step.url} | ${shown || '(nothing)'} | ${step.credits} |`);
  }
  out.push(`| **Total** | | | **${s.totalCredits}** |`, '');
  if (s.balanceAfter !== null) out.push(`Balance after the demo: ${s.balanceAfter} credits.`, '');
  out.push('## Steps', '');
  for (const step of s.steps) {
    out.push(`### ${step.id} — ${step.title}`, '');
    out.push(`Page: ${step.url}`, '');
    for (const shot of step.shots) {
      out.push(`![${shot.file}](${shot.file})`, '');
      for (const line of describeReading(shot.panel)) out.push(`- ${line}`);
      out.push('');
    }
    out.push(
      step.calls.length
        ? `API calls (emulator ledger): ${step.calls.map((c) => `\`${c.call}\` ${c.status} · ${c.credits} cr`).join(', ')} — **${step.credits} credits**`
        : 'API calls: none — **0 credits**',
      '',
    );
  }
  return out.join('\n');
}

export async function writeSummary(outDir: string, summary: DemoSummary): Promise<{ md: string; json: string }> {
  await mkdir(outDir, { recursive: true });
  const md = path.join(outDir, 'summary.md');
  const json = path.join(outDir, 'summary.json');
  await writeFile(md, summaryMarkdown(summary));
  await writeFile(json, `${JSON.stringify(summary, null, 2)}\n`);
  return { md, json };
}
