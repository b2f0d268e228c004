// The shared shape of a benchmark's entry: parse the flags (usage on error or --help), then run
// the benchmark with a Cleanup that stops everything it started, also on Ctrl-C.
import { Cleanup } from "./cleanup";

export async function benchMain<O extends { help: boolean }>(
  parse: (argv: string[]) => O,
  usage: string,
  bench: (options: O, cleanup: Cleanup) => Promise<number>,
): Promise<number> {
  let options: O;
  try {
    options = parse(process.argv.slice(2));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
    return 2;
  }
  if (options.help) {
    console.log(usage);
    return 0;
  }
  const cleanup = new Cleanup();
  cleanup.onSignals();
  try {
    return await bench(options, cleanup);
  } finally {
    await cleanup.run();
  }
}
