// Summary statistics of latency samples (milliseconds): nearest-rank percentiles, no interpolation,
// so p99 of 1,000 samples is the 990th smallest, a value that was actually measured.

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

export function summarize(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) {
    return {
      count: 0,
      p50: Number.NaN,
      p90: Number.NaN,
      p99: Number.NaN,
      mean: Number.NaN,
      min: Number.NaN,
      max: Number.NaN,
    };
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean: sum / sorted.length,
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** `sorted` ascending and non-empty. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return values.length === 0
    ? Number.NaN
    : percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
}
