// An integer command-line flag checked against its range, shared by the benchmarks' options.

/** `text` as an integer in [min, max], `fallback` when the flag was not given. */
export function intFlag(
  name: string,
  text: string | undefined,
  fallback: number,
  [min, max]: readonly [number, number],
): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be an integer from ${min} to ${max}, got \`${text}\``);
  }
  return value;
}
