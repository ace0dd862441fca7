import { expect, test } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ANCHORS } from '../emulator';
import { runDemo } from '../demo/demo-steps';
import type { DemoSummary } from '../demo/summary';

// `npm run demo` in its short form, so the demo cannot rot: it launches its own Chromium with the
// built extension and its own emulator, walks founder → not-found → reveal, and writes screenshots
// and a summary into test-results/demo.

const OUT = path.resolve('test-results/demo');

test('the demo (short) runs headless and its summary shows the cards and the credits spent', async () => {
  test.setTimeout(180_000);
  const run = await runDemo({ headless: true, short: true, outDir: OUT, log: () => undefined });
  await run.close();

  const summary = JSON.parse(readFileSync(path.join(OUT, 'summary.json'), 'utf8')) as DemoSummary;
  expect(summary.ok).toBe(true);
  expect(summary.steps.map((s) => s.id)).toEqual(['01-founder', '02-not-found', '03-reveal-person']);

  const shots = summary.steps.flatMap((s) => s.screenshots);
  expect(shots).toEqual(['01-founder.png', '02-not-found.png', '03-reveal-person.png', '04-reveal-dialog.png', '05-revealed.png']);
  for (const file of shots) {
    const full = path.join(OUT, file);
    expect(existsSync(full), file).toBe(true);
    expect(readFileSync(full).subarray(1, 4).toString('latin1'), file).toBe('PNG');
    expect(statSync(full).size, file).toBeGreaterThan(5_000);
  }

  const [founder, notFound, reveal] = summary.steps;
  const card = (step: typeof founder, name: string) => step?.panel.regions.find((r) => r.name === name);
  expect(card(founder, 'Person')?.heading).toBe(ANCHORS.founder.name);
  expect(card(founder, 'Person')?.channels).toEqual(['Email: on file', 'Phone: on file', 'Telegram: on file', 'LinkedIn: on file']);
  expect(card(founder, 'Company')?.heading).toBe(ANCHORS.founderCompany.name);
  expect(notFound?.panel.notInDirectory).toBe(true);
  expect(notFound?.panel.regions).toEqual([]);
  expect(reveal?.shots[1]?.panel.dialog).toEqual({ name: 'Confirm reveal', buttons: ['Cancel', 'Reveal for 10 credits'] });
  expect(card(reveal, 'Person')?.heading).toBe(ANCHORS.fundPerson.name);
  expect(card(reveal, 'Person')?.channels).toContain('Email: marcus@meridian.vc');
  expect(card(reveal, 'Fund')?.heading).toBe(ANCHORS.fund.name);

  // Credits from the emulator's ledger: one lookup per profile, 10 for the confirmed reveal.
  expect(summary.steps.map((s) => s.credits)).toEqual([5, 5, 15]);
  expect(summary.totalCredits).toBe(25);
  expect(summary.balanceAfter).toBe(6000 - 25);

  const md = readFileSync(path.join(OUT, 'summary.md'), 'utf8');
  for (const text of [
    `Person: ${ANCHORS.founder.name}`,
    `Company: ${ANCHORS.founderCompany.name}`,
    'Not in the directory',
    `Fund: ${ANCHORS.fund.name}`,
    'dialog "Confirm reveal"',
    '**25**',
  ]) {
    expect(md).toContain(text);
  }
});
