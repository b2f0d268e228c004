// Opening and deleting episodes over HTTP, timed: `POST /v1/episodes` copies the environment's
// rows into a fresh Durable Object, so its latency is the cost of starting a rollout.
import { Episode } from "../cli/api-schemas";
import type { HttpTarget } from "./http-target";
import { platformToolCall } from "./workload";

/** Room for every call a benchmark makes on one episode (the API's default is 500 steps). */
const MAX_STEPS = 100_000;

export interface OpenedEpisode {
  id: string;
  rows: number;
  ms: number;
}

export async function openEpisode(
  target: HttpTarget,
  environment: string,
  seed: string,
): Promise<OpenedEpisode> {
  const body = JSON.stringify({ environment, seed, maxSteps: MAX_STEPS });
  const started = performance.now();
  const answer = await target.send("POST", "/v1/episodes", body);
  const ms = performance.now() - started;
  if (answer.status !== 201) {
    throw new Error(`POST /v1/episodes answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  }
  const episode = Episode.parse(JSON.parse(answer.body));
  return { id: episode.id, rows: episode.rows, ms };
}

/** Milliseconds the DELETE took. */
export async function deleteEpisode(target: HttpTarget, id: string): Promise<number> {
  const started = performance.now();
  const answer = await target.send("DELETE", `/v1/episodes/${encodeURIComponent(id)}`);
  const ms = performance.now() - started;
  if (answer.status !== 204) {
    throw new Error(
      `DELETE /v1/episodes/${id} answered ${answer.status}: ${answer.body.slice(0, 500)}`,
    );
  }
  return ms;
}

export interface CallEpisodes {
  ids: string[];
  /** The first tool call on each: the episode loads its tools into a sandbox VM then. */
  firstCallMs: number[];
}

/** `count` episodes for the tool-call benchmarks, each already past its first (slow) call. */
export async function openCallEpisodes(
  target: HttpTarget,
  environment: string,
  count: number,
): Promise<CallEpisodes> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await openEpisode(target, environment, `bench-${i}`)).id);
  const firstCallMs: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    const answer = await platformToolCall(target, id).send();
    if (answer.status === 200) firstCallMs.push(performance.now() - started);
  }
  return { ids, firstCallMs };
}
