// A command-line server (`npm run emulator`, `npm run emulator:hubspot`): started by `main`, closed on Ctrl-C or SIGTERM.

/** Runs `main`; the server it returns is closed on SIGINT/SIGTERM, once, and the process exits with how that went. */
export function serveUntilSignal(name: string, main: () => Promise<{ close(): Promise<void> }>): void {
  main().then(
    (running) => {
      let stopping = false;
      const stop = (signal: string): void => {
        if (stopping) return;
        stopping = true;
        console.log(`\n${signal}: stopping ${name}`);
        running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    },
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
