// Runs every subject's measurement in alternating rounds (A B C, A B C, ...), so a noisy moment
// on a shared machine lands on all of them rather than on whichever happened to run then. The
// ratios between subjects are what the benchmark is for.
export async function interleave<R>(
  subjects: readonly string[],
  rounds: number,
  measure: (subject: string, round: number) => Promise<R>,
): Promise<Map<string, R[]>> {
  const results = new Map<string, R[]>(subjects.map((subject) => [subject, []]));
  for (let round = 0; round < rounds; round++) {
    for (const subject of subjects) {
      results.get(subject)?.push(await measure(subject, round));
    }
  }
  return results;
}
