// The D1 catalog tables. drizzle-kit turns this file into migrations/; the full-text index
// (`environments_fts`, an FTS5 table drizzle-kit cannot emit) is a hand-written migration.
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { Json } from "../../core/base/json";
import type { Provenance, ToolTest } from "../../core/environment/spec";
import type { SynthesisReport } from "../../core/tasks/synthesis-request";
import type { Scope } from "../env";

/** ISO 8601 timestamps: readable in the D1 console and ordered as text. */
const timestamp = (name: string) => text(name);

/** One row per environment name: the metadata of its latest version, for listing and search. */
export const environments = sqliteTable(
  "environments",
  {
    name: text("name").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    domain: text("domain").notNull(),
    subdomain: text("subdomain").notNull(),
    latestVersion: text("latest_version").notNull(),
    /**
     * The key that published the first version: only it (or an admin) publishes more versions or
     * yanks them. Null for environments published before owners were kept (admins only).
     */
    ownerKeyId: text("owner_key_id"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("environments_category_idx").on(t.domain, t.subdomain, t.name)],
);

/** Immutable published versions; `version_key` sorts by semver precedence (see version-order.ts). */
export const environmentVersions = sqliteTable(
  "environment_versions",
  {
    id: text("id").primaryKey(),
    name: text("name")
      .notNull()
      .references(() => environments.name),
    version: text("version").notNull(),
    versionKey: text("version_key").notNull(),
    contentHash: text("content_hash").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    domain: text("domain").notNull(),
    subdomain: text("subdomain").notNull(),
    provenance: text("provenance", { mode: "json" }).$type<Provenance[]>().notNull(),
    schemaSql: text("schema_sql").notNull(),
    /** R2 key of the seed (`seeds/<hash>.json`) when it is too big to keep inline. */
    seedKey: text("seed_key"),
    /** The seed as JSON text when it is small (< 256 KB). Exactly one of the two is set. */
    seedInline: text("seed_inline"),
    /** Episodes' virtual clock start when the episode names none (ISO 8601). */
    clockStart: text("clock_start"),
    /** Hash of the schema and tools alone (core/environment/structure-hash.ts), for dedupe. */
    structureHash: text("structure_hash"),
    tableCount: integer("table_count").notNull(),
    rowCount: integer("row_count").notNull(),
    toolCount: integer("tool_count").notNull(),
    publishedAt: timestamp("published_at").notNull(),
    /** The key that published this version (null before publishers were kept). */
    publishedBy: text("published_by"),
    /** Set when the version is yanked: no new episodes, rollouts or synthesis; still readable. */
    yankedAt: timestamp("yanked_at"),
  },
  (t) => [
    uniqueIndex("environment_versions_name_version_idx").on(t.name, t.version),
    index("environment_versions_order_idx").on(t.name, t.versionKey),
    index("environment_versions_structure_idx").on(t.structureHash),
  ],
);

/** The admitted tools of a version, in the order the spec lists them. */
export const tools = sqliteTable(
  "tools",
  {
    versionId: text("version_id")
      .notNull()
      .references(() => environmentVersions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    inputSchema: text("input_schema", { mode: "json" }).$type<Record<string, Json>>().notNull(),
    outputSchema: text("output_schema", { mode: "json" }).$type<Record<string, Json>>(),
    effect: text("effect", { enum: ["read", "write"] }).notNull(),
    implementation: text("implementation").notNull(),
    tests: text("tests", { mode: "json" }).$type<ToolTest[]>().notNull(),
  },
  // The composite primary key is the UNIQUE(version_id, name) constraint and its index.
  (t) => [primaryKey({ columns: [t.versionId, t.name] })],
);

/** What admission measured for each tool test when the version was published. */
export const toolTestResults = sqliteTable(
  "tool_test_results",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    versionId: text("version_id")
      .notNull()
      .references(() => environmentVersions.id, { onDelete: "cascade" }),
    tool: text("tool").notNull(),
    testName: text("test_name").notNull(),
    passed: integer("passed", { mode: "boolean" }).notNull(),
    fuel: integer("fuel").notNull(),
    detail: text("detail", { mode: "json" }).$type<Json>(),
  },
  (t) => [index("tool_test_results_version_idx").on(t.versionId, t.tool)],
);

/** API keys: only a SHA-256 of the key is kept; `id` is the public part of `aw_<id>_<secret>`. */
export const apiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull(),
  scopes: text("scopes", { mode: "json" }).$type<Scope[]>().notNull(),
  createdAt: timestamp("created_at").notNull(),
  lastUsedAt: timestamp("last_used_at"),
  revokedAt: timestamp("revoked_at"),
});

/** Messages a queue gave up on; consumers of the dead-letter queues record them here. */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    queue: text("queue").notNull(),
    messageId: text("message_id").notNull(),
    body: text("body", { mode: "json" }).$type<Json>().notNull(),
    attempts: integer("attempts").notNull(),
    receivedAt: timestamp("received_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  // Delivery is at least once: the same message recorded twice is one row.
  (t) => [uniqueIndex("dead_letters_queue_message_idx").on(t.queue, t.messageId)],
);

/** Discovery jobs: a source imported, its tools generated and tested, then published. */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: text("id").primaryKey(),
    status: text("status", {
      enum: ["queued", "running", "published", "duplicate", "failed"],
    }).notNull(),
    /** The request as accepted (name, version, format, category ...), without the source text. */
    request: text("request", { mode: "json" }).$type<Json>().notNull(),
    /** R2 key of the uploaded source. */
    sourceKey: text("source_key").notNull(),
    /** Tables, rows, tools generated/admitted/left out with reasons, timings. */
    report: text("report", { mode: "json" }).$type<Json>(),
    error: text("error", { mode: "json" }).$type<Json>(),
    environment: text("environment"),
    attempts: integer("attempts").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("import_jobs_created_idx").on(t.createdAt)],
);

/**
 * Synthesized tasks: the listing columns, and the Task itself as JSON in `body`, or in R2 at
 * `body_r2_key` when it is over 100 KB. One row per (content hash, dedupe key), so a
 * near-duplicate or a redelivered shard is never stored twice.
 */
export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    environmentName: text("environment_name").notNull(),
    environmentVersion: text("environment_version").notNull(),
    contentHash: text("content_hash").notNull(),
    kind: text("kind", { enum: ["graph", "programmatic"] }).notNull(),
    level: text("level", { enum: ["easy", "medium", "hard"] }).notNull(),
    chainLength: integer("chain_length").notNull(),
    writes: integer("writes").notNull(),
    instruction: text("instruction").notNull(),
    jobId: text("job_id"),
    /** The job's shard that stored it: a redelivered shard counts what it kept from here. */
    shard: integer("shard"),
    dedupeKey: text("dedupe_key").notNull(),
    body: text("body"),
    bodyR2Key: text("body_r2_key"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("tasks_dedupe_idx").on(t.contentHash, t.dedupeKey),
    // Keyset pages are ordered by (created_at, id); each filter has an index in that order.
    index("tasks_created_idx").on(t.createdAt, t.id),
    index("tasks_environment_idx").on(t.environmentName, t.createdAt, t.id),
    index("tasks_job_idx").on(t.jobId, t.shard),
  ],
);

/** Synthesis jobs: one request fanned out as shards of at most 25 tasks over the queue. */
export const synthesisJobs = sqliteTable(
  "synthesis_jobs",
  {
    id: text("id").primaryKey(),
    ownerKeyId: text("owner_key_id").notNull(),
    environmentName: text("environment_name").notNull(),
    environmentVersion: text("environment_version").notNull(),
    contentHash: text("content_hash").notNull(),
    /** count, strategy, difficulty and seed as accepted. */
    request: text("request", { mode: "json" }).$type<Json>().notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull(),
    shardsTotal: integer("shards_total").notNull(),
    shardsDone: integer("shards_done").notNull().default(0),
    shardsFailed: integer("shards_failed").notNull().default(0),
    kept: integer("kept").notNull().default(0),
    /** The last error of each shard still being retried, `{ "<shard>": message }`. */
    shardErrors: text("shard_errors", { mode: "json" }).$type<Record<string, string>>(),
    /** The aggregated report, once every shard is done or failed. */
    report: text("report", { mode: "json" }).$type<Json>(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("synthesis_jobs_created_idx").on(t.createdAt)],
);

/** One row per finished shard: its presence is what makes a redelivered message a no-op. */
export const synthesisShards = sqliteTable(
  "synthesis_shards",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => synthesisJobs.id, { onDelete: "cascade" }),
    shard: integer("shard").notNull(),
    status: text("status", { enum: ["done", "failed"] }).notNull(),
    kept: integer("kept").notNull(),
    report: text("report", { mode: "json" }).$type<SynthesisReport>(),
    /** Why a failed shard failed. */
    error: text("error"),
    finishedAt: timestamp("finished_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.shard] })],
);

/**
 * Named chat policies: an OpenAI-compatible endpoint and model. The endpoint's API key
 * is stored encrypted (AES-GCM under AGENT_WORLD_SECRETS_KEY) and never read back over the API;
 * `api_key_hint` keeps its last four characters so a person can tell keys apart. Names are per
 * owner key: two keys may each have a `p`, and neither sees the other's.
 */
export const policies = sqliteTable(
  "policies",
  {
    name: text("name").notNull(),
    ownerKeyId: text("owner_key_id").notNull(),
    kind: text("kind", { enum: ["openai"] }).notNull(),
    baseUrl: text("base_url").notNull(),
    model: text("model").notNull(),
    apiKeyCipher: text("api_key_cipher"),
    apiKeyHint: text("api_key_hint"),
    /** timeoutSeconds, maxAttempts and default sampling, as accepted. */
    options: text("options", { mode: "json" }).$type<Json>().notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerKeyId, t.name] })],
);

/** Rollout batches: every (task, sample) of one request, played by one policy. */
export const rolloutBatches = sqliteTable(
  "rollout_batches",
  {
    id: text("id").primaryKey(),
    ownerKeyId: text("owner_key_id").notNull(),
    policyName: text("policy_name").notNull(),
    /** The policy as it was when the batch started (no secret): name, kind, model, options. */
    policy: text("policy", { mode: "json" }).$type<Json>().notNull(),
    /** groupSize, maxTurns, sampling, timeBudgetSeconds, maxConcurrency, systemPrompt, tasks. */
    request: text("request", { mode: "json" }).$type<Json>().notNull(),
    status: text("status", { enum: ["running", "done", "cancelled"] }).notNull(),
    total: integer("total").notNull(),
    groupSize: integer("group_size").notNull(),
    maxConcurrency: integer("max_concurrency").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [index("rollout_batches_owner_idx").on(t.ownerKeyId, t.createdAt)],
);

/**
 * One row per (batch, task, sample). Its status moves queued -> running -> done | failed |
 * cancelled under guarded updates, so a redelivered message never plays or scores it twice;
 * `lease_until` tells a live attempt from one whose worker died.
 */
export const rollouts = sqliteTable(
  "rollouts",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id")
      .notNull()
      .references(() => rolloutBatches.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    environmentName: text("environment_name").notNull(),
    taskKind: text("task_kind").notNull(),
    sample: integer("sample").notNull(),
    status: text("status", {
      enum: ["queued", "running", "done", "failed", "cancelled"],
    }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until"),
    episodeId: text("episode_id"),
    reward: real("reward"),
    /** 1 when the reward is 1 (every component met), 0 otherwise; null until scored. */
    passed: integer("passed"),
    finishReason: text("finish_reason"),
    turns: integer("turns"),
    toolCalls: integer("tool_calls"),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    modelMs: real("model_ms"),
    overheadMs: real("overhead_ms"),
    totalMs: real("total_ms"),
    /** Why it failed, or the last error of an attempt that will be retried. */
    error: text("error"),
    trajectoryKey: text("trajectory_key"),
    queuedAt: timestamp("queued_at").notNull(),
    startedAt: timestamp("started_at"),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("rollouts_sample_idx").on(t.batchId, t.taskId, t.sample),
    index("rollouts_batch_status_idx").on(t.batchId, t.status),
    index("rollouts_batch_id_idx").on(t.batchId, t.id),
  ],
);
