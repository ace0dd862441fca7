/*
 * `npm run demo` — builds, then walks the extension through seeded X and LinkedIn pages against the
 * local emulator (no API key, no network needed) and writes demo-output/NN-step.png + summary.md/json.
 *
 * With a display (DISPLAY set) the browser window stays open until Ctrl-C; headless it exits 0 when
 * done. Any failure exits 1 with the step and what the panel showed instead.
 *
 *   DEMO_HEADLESS=1   force headless even with a display
 *   DEMO_SHORT=1      only the founder, not-found and reveal steps
 *   DEMO_OUT=dir      output directory (default demo-output)
 *   DEMO_KEEP_OPEN=1  keep a headless browser running until Ctrl-C as well
 */
import path from 'node:path';
import { DemoError, runDemo } from './demo-steps';

const flag = (name: string) =>
  /^(1|true|yes)$/i.test(process.env[name] ?? '') || process.argv.includes(`--${name.replace(/^DEMO_/, '').toLowerCase()}`);

async function main(): Promise<number> {
  const headless = flag('DEMO_HEADLESS') || !process.env.DISPLAY;
  const short = flag('DEMO_SHORT');
  const outDir = process.env.DEMO_OUT ?? 'demo-output';
  const keepOpen = !headless || flag('DEMO_KEEP_OPEN');
  console.log(
    `Demo: ${short ? 'short run' : 'all steps'}, ${headless ? 'headless (no DISPLAY)' : `headed on DISPLAY=${process.env.DISPLAY}`}, output in ${outDir}/`,
  );

  let run;
  try {
    run = await runDemo({ headless, short, outDir });
  } catch (e) {
    console.error(`\n✖ ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof DemoError) console.error(`  Partial summary: ${path.join(outDir, 'summary.md')} (screenshots so far in ${outDir}/)`);
    return 1;
  }
  console.log(`\n✔ ${run.summary.steps.length} steps, ${run.summary.totalCredits} credits. Screenshots and summary in ${outDir}/`);

  if (!keepOpen) {
    await run.close();
    return 0;
  }
  console.log(
    headless
      ? `The emulator (${run.summary.baseUrl}) and the headless browser keep running. Press Ctrl-C to quit.`
      : 'The browser stays open so you can look around (the panel pages are the sidepanel.html tabs). Press Ctrl-C to quit.',
  );
  return new Promise<number>((resolve) => {
    let closing = false;
    const quit = (code: number) => {
      if (closing) return;
      closing = true;
      console.log('Closing the browser and the emulator…');
      void run.close().finally(() => resolve(code));
    };
    process.once('SIGINT', () => quit(0));
    process.once('SIGTERM', () => quit(0));
    // Closing the window by hand ends the demo too.
    run.context.once('close', () => quit(0));
  });
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`\n✖ demo crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(1);
  },
);
