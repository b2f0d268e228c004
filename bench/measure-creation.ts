// Episode creation: episodes opened one after another (the first one after publishing is the cold
// one: nothing cached in the Worker or the Durable Object namespace yet), then all deleted.
import { deleteEpisode, type OpenedEpisode, openEpisode } from "./episodes";
import type { HttpTarget } from "./http-target";

export interface CreationRun {
  rows: number;
  coldMs: number;
  /** The creations after the first. */
  warmMs: number[];
  deleteMs: number[];
}

export async function measureCreation(
  target: HttpTarget,
  environment: string,
  count: number,
  maxMs: number,
): Promise<CreationRun> {
  const opened: OpenedEpisode[] = [];
  const deleteMs: number[] = [];
  const deadline = performance.now() + maxMs;
  try {
    for (let i = 0; i < count && performance.now() < deadline; i++) {
      opened.push(await openEpisode(target, environment, `bench-create-${i}`));
    }
  } finally {
    // Deleted even when an open failed midway, so no episode is left behind.
    for (const episode of opened) deleteMs.push(await deleteEpisode(target, episode.id));
  }
  const [first, ...rest] = opened;
  if (first === undefined) throw new Error("no episode was opened");
  return { rows: first.rows, coldMs: first.ms, warmMs: rest.map((e) => e.ms), deleteMs };
}
