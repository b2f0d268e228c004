// Everything the benchmark started, stopped in reverse order: at the end, on an error, and on
// Ctrl-C / SIGTERM (a second signal exits at once).
export class Cleanup {
  readonly #steps: Array<() => Promise<void>> = [];
  #running: Promise<void> | undefined;

  add(step: () => Promise<void>): void {
    this.#steps.push(step);
  }

  /** Runs each step once, newest first; a failing step does not stop the others. */
  run(): Promise<void> {
    this.#running ??= (async () => {
      for (const step of this.#steps.reverse()) {
        try {
          await step();
        } catch (err) {
          console.error(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    })();
    return this.#running;
  }

  /** On SIGINT/SIGTERM: clean up, then exit with 128 + the signal number. */
  onSignals(): void {
    let signalled = false;
    const handler = (signal: NodeJS.Signals) => {
      if (signalled) process.exit(signal === "SIGINT" ? 130 : 143);
      signalled = true;
      console.error(`\n${signal}: stopping the servers…`);
      void this.run().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    };
    process.on("SIGINT", handler);
    process.on("SIGTERM", handler);
  }
}
