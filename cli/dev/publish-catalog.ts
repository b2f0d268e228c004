// Publishes catalog environments through the API (`POST /v1/environments`), a few at a time, and
// says for each one whether it was created, was already there, or failed and why. Used by
// `npm start`, and by tests and benchmarks that need a populated catalog.
import { readFileSync } from "node:fs";
import { admissionFailureLines } from "../admission-report";
import { Published } from "../api-schemas";
import { ApiClient, ApiError } from "../http-client";

/** One environment to publish: its spec as a JSON file, or already in memory. */
export type CatalogEntry = { name: string; version: string } & (
  | { file: string }
  | { spec: unknown }
);

export type PublishStatus = "created" | "unchanged" | "failed";

export interface PublishOutcome {
  name: string;
  version: string;
  status: PublishStatus;
  /** For failures: the error code and message; empty otherwise. */
  message: string;
  /** For admission failures: one line per failing tool test or spec problem. */
  reasons: string[];
}

export interface PublishOptions {
  /** Environments published at once (each runs its tool tests in a Durable Object). */
  concurrency?: number;
  /** Called as each environment finishes, in completion order. */
  onResult?: (outcome: PublishOutcome) => void;
  fetch?: typeof fetch;
}

/** Outcomes in the order of `entries`. A server that cannot be reached rejects the whole call. */
export async function publishCatalog(
  baseUrl: string,
  adminKey: string,
  entries: readonly CatalogEntry[],
  options: PublishOptions = {},
): Promise<PublishOutcome[]> {
  const client = new ApiClient({ baseUrl, apiKey: adminKey, fetch: options.fetch });
  const outcomes: PublishOutcome[] = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < entries.length; i = next++) {
      const entry = entries[i];
      if (entry === undefined) continue;
      const outcome = await publishOne(client, entry);
      outcomes[i] = outcome;
      options.onResult?.(outcome);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, entries.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return outcomes;
}

async function publishOne(client: ApiClient, entry: CatalogEntry): Promise<PublishOutcome> {
  const base = { name: entry.name, version: entry.version };
  let spec: unknown;
  try {
    spec = "spec" in entry ? entry.spec : JSON.parse(readFileSync(entry.file, "utf8"));
  } catch (err) {
    const message = `cannot read the spec: ${err instanceof Error ? err.message : String(err)}`;
    return { ...base, status: "failed", message, reasons: [] };
  }
  try {
    const published = await client.request(Published, "POST", "/v1/environments", { body: spec });
    return {
      ...base,
      status: published.created ? "created" : "unchanged",
      message: "",
      reasons: [],
    };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const reasons = err.code === "admission_failed" ? admissionFailureLines(err.details) : [];
    return { ...base, status: "failed", message: `${err.code}: ${err.message}`, reasons };
  }
}

/** The line(s) `npm start` prints for one outcome. */
export function outcomeLines(outcome: PublishOutcome): string[] {
  const id = `${outcome.name}@${outcome.version}`;
  if (outcome.status === "created") return [`  + ${id}  published`];
  if (outcome.status === "unchanged") return [`  = ${id}  already published`];
  return [`  ✗ ${id}  FAILED ${outcome.message}`, ...outcome.reasons.map((r) => `      ${r}`)];
}
