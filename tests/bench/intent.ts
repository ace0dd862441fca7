/*
 * Credits spent without intent: a "glance" trace and a navigation storm, each run through the current
 * build and, side by side in the same run, through the previous release's build (today's behaviour
 * before intent-before-spend), with default settings, against the emulator's ledger.
 *
 * Glance trace: 10 X profiles opened with the panel closed (~1 s each), 5 tweet pages of other
 * people, then, with the panel open, a fast click-through of 20 profiles (each on screen ~150 ms)
 * that stops on the 21st. Storm: a page walking `history.pushState` through 300 handles in ~4 s
 * (13 ms each), ending on a real profile, with the panel open.
 *
 * The baseline build is the commit named by BENCH_BASELINE_REF (default: the last release before
 * this change), built once into $TMPDIR/crypto-directory-bench-baseline/ with this checkout's node_modules.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { startEmulatorServer, type RunningEmulator } from '../emulator/start-server';
import { serveSites } from '../e2e/site-fixtures';
import { configureByMessage, tabIdOf } from '../e2e/worker-state';
import { launchWithExtension, patchSettings } from '../demo/browser';
import { openPanel } from '../demo/panel';
import { sleep } from './profiles';

export const BASELINE_REF = process.env.BENCH_BASELINE_REF ?? '916e126';
// Outside the checkout, so no test runner, type check or linter ever sees the old tree.
const BASELINE_DIR = path.join(os.tmpdir(), 'crypto-directory-bench-baseline');

export interface IntentRun {
  glance: { credits: number; searches: number; profilesShown: number };
  storm: { credits: number; searches: number; finalCardShown: boolean };
}

export interface IntentResult {
  current: IntentRun;
  baseline: IntentRun | null;
  baselineRef: string;
  baselineError?: string;
}

/** Builds the baseline commit once (git worktree + this checkout's node_modules); returns its unpacked Chrome build. */
export function baselineBuild(ref: string): string {
  const out = path.join(BASELINE_DIR, ref, '.output', 'chrome-mv3');
  if (existsSync(path.join(out, 'manifest.json'))) return out;
  const tree = path.join(BASELINE_DIR, ref);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(BASELINE_DIR, { recursive: true });
  execFileSync('git', ['worktree', 'prune'], { stdio: 'ignore' });
  execFileSync('git', ['worktree', 'add', '--detach', '--force', tree, ref], { stdio: 'ignore' });
  symlinkSync(path.resolve('node_modules'), path.join(tree, 'node_modules'), 'dir');
  execFileSync('npx', ['wxt', 'build'], { cwd: tree, stdio: 'ignore' });
  return out;
}

async function glance(
  context: BrowserContext,
  serviceWorker: Worker,
  extensionId: string,
  server: RunningEmulator,
  handles: string[],
): Promise<IntentRun['glance']> {
  const before = server.emulator.control.ledger('test_pro').length;
  const x = await context.newPage();
  for (const h of handles.slice(0, 10)) {
    await x.goto(`https://x.com/${h}`);
    await sleep(1_000);
  }
  for (const h of handles.slice(10, 15)) {
    await x.goto(`https://x.com/${h}/status/17900000000000${handles.indexOf(h)}`);
    await sleep(700);
  }
  // The panel opens on a profile, then the rep clicks quickly through a list and stops on one.
  const tabId = await tabIdOf(serviceWorker, x);
  const panel = await openPanel(context, extensionId, tabId);
  for (const h of handles.slice(15, 36)) {
    await x.evaluate((handle) => history.pushState({}, '', `/${handle}`), h);
    await sleep(150);
  }
  await sleep(2_500);
  const shown = await panel.getByRole('region', { name: 'Person' }).count();
  const calls = server.emulator.control
    .ledger('test_pro')
    .slice(before)
    .filter((e) => e.path === '/v1/search');
  await panel.close();
  await x.close();
  return { credits: calls.reduce((s, e) => s + e.creditsCharged, 0), searches: calls.length, profilesShown: shown };
}

async function storm(
  context: BrowserContext,
  serviceWorker: Worker,
  extensionId: string,
  server: RunningEmulator,
): Promise<IntentRun['storm']> {
  const x = await context.newPage();
  await x.goto(`https://x.com/${ANCHORS.cofounder.twitterHandle}`);
  const tabId = await tabIdOf(serviceWorker, x);
  const panel = await openPanel(context, extensionId, tabId);
  await panel.getByRole('region', { name: 'Person' }).waitFor({ timeout: 20_000 });
  await sleep(500);
  const before = server.emulator.control.ledger('test_pro').length;
  await x.evaluate(async (final) => {
    for (let i = 0; i < 300; i++) {
      history.pushState({}, '', `/storm${i}`);
      await new Promise((r) => setTimeout(r, 13));
    }
    history.pushState({}, '', `/${final}`);
  }, ANCHORS.founder.twitterHandle);
  const finalCardShown = await panel
    .getByRole('region', { name: 'Person' })
    .getByRole('heading', { name: ANCHORS.founder.name })
    .waitFor({ timeout: 30_000 })
    .then(() => true)
    .catch(() => false);
  await sleep(3_000); // let anything still queued reach the ledger
  const calls = server.emulator.control
    .ledger('test_pro')
    .slice(before)
    .filter((e) => e.path === '/v1/search');
  await panel.close();
  await x.close();
  return { credits: calls.reduce((s, e) => s + e.creditsCharged, 0), searches: calls.length, finalCardShown };
}

async function runOne(extensionPath: string | undefined): Promise<IntentRun> {
  const server = await startEmulatorServer({ port: 0, appPort: 0 });
  const { context, serviceWorker, extensionId } = await launchWithExtension({
    headless: true,
    ...(extensionPath ? { extensionPath } : {}),
  });
  try {
    const people = server.emulator.directory.people.filter((p) => p.twitterHandle).slice(100, 136);
    const handles = people.map((p) => p.twitterHandle);
    await serveSites(context, {
      x: {
        ...Object.fromEntries(people.map((p) => [p.twitterHandle, `${p.firstName} ${p.lastName}`])),
        [ANCHORS.founder.twitterHandle]: ANCHORS.founder.name,
        [ANCHORS.cofounder.twitterHandle]: ANCHORS.cofounder.name,
      },
    });
    const admin = await context.newPage();
    await configureByMessage(admin, extensionId, server.baseUrl, 'test_pro');
    // Default settings, except a budget the storm cannot exhaust (so the budget is not what stops it).
    await patchSettings(admin, { dailyBudget: 100_000 });
    return {
      glance: await glance(context, serviceWorker, extensionId, server, handles),
      storm: await storm(context, serviceWorker, extensionId, server),
    };
  } finally {
    await context.close().catch(() => undefined);
    await server.close();
  }
}

export async function runIntent(opts: { log?: (s: string) => void } = {}): Promise<IntentResult> {
  const log = opts.log ?? (() => undefined);
  const current = await runOne(undefined);
  log(`current build: glance ${current.glance.credits} cr, storm ${current.storm.credits} cr`);
  try {
    const build = baselineBuild(BASELINE_REF);
    const baseline = await runOne(build);
    log(`baseline ${BASELINE_REF}: glance ${baseline.glance.credits} cr, storm ${baseline.storm.credits} cr`);
    return { current, baseline, baselineRef: BASELINE_REF };
  } catch (e) {
    return { current, baseline: null, baselineRef: BASELINE_REF, baselineError: e instanceof Error ? e.message : String(e) };
  }
}
