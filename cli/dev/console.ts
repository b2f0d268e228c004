// The launcher's own lines, told apart from wrangler's `[wrangler]` output by a `▸` marker.

export function step(text: string): void {
  console.log(`▸ ${text}`);
}

export function notice(text: string): void {
  console.log(`\n${text}`);
}

/** Prints an error and returns the exit code to use (1 unless given). */
export function fail(text: string, code = 1): number {
  console.error(`✗ ${text}`);
  return code;
}
