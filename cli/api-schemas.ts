// The parts of the API's answers the CLI reads, as Zod schemas: checked on arrival, so a changed
// API fails with a clear message instead of printing `undefined`. Unread fields pass through.
import { z } from "zod";

const Counts = z.looseObject({ tables: z.number(), rows: z.number(), tools: z.number() });
const Category = z.looseObject({ domain: z.string(), subdomain: z.string() });

export const EnvironmentSummary = z.looseObject({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  category: Category,
  latestVersion: z.string(),
  counts: Counts,
});

export const EnvironmentList = z.looseObject({
  environments: z.array(EnvironmentSummary),
  nextCursor: z.string().nullable().optional(),
});

export const EnvironmentDetail = EnvironmentSummary.extend({
  versions: z.array(
    z.looseObject({ version: z.string(), publishedAt: z.string(), counts: Counts }),
  ),
});

export const VersionDetail = z.looseObject({
  name: z.string(),
  version: z.string(),
  contentHash: z.string(),
  title: z.string(),
  description: z.string(),
  category: Category,
  provenance: z.array(
    z.looseObject({
      kind: z.string(),
      name: z.string(),
      license: z.string(),
      url: z.string().optional(),
    }),
  ),
  counts: Counts,
  tests: z.looseObject({ total: z.number(), passed: z.number() }),
  publishedAt: z.string(),
});

const NamedTool = z.looseObject({ name: z.string(), description: z.string().optional() });

/** One tool in any of the three formats: the name is under `function` (OpenAI Chat) or on top. */
const FormattedTool = z.union([z.looseObject({ function: NamedTool }), NamedTool]);

export const ToolList = z.looseObject({ tools: z.array(FormattedTool) });

export function toolNameAndDescription(tool: z.infer<typeof FormattedTool>): [string, string] {
  const described = NamedTool.safeParse(tool.function).data ?? NamedTool.parse(tool);
  return [described.name, described.description ?? ""];
}

/** `DELETE /v1/environments/{name}[@version]`: what is yanked now, and what `name` opens. */
export const Yanked = z.looseObject({
  name: z.string(),
  yanked: z.array(z.looseObject({ version: z.string(), yankedAt: z.string() })),
  latestLiveVersion: z.string().nullable(),
});

export const Published = z.looseObject({
  name: z.string(),
  version: z.string(),
  created: z.boolean(),
  tools: z.number().optional(),
  tests: z.looseObject({ total: z.number(), passed: z.number() }).optional(),
});

export const Episode = z.looseObject({
  id: z.string(),
  environment: z.looseObject({ name: z.string(), version: z.string() }),
  seed: z.string(),
  status: z.string(),
  expiresAt: z.string(),
  step: z.number(),
  maxSteps: z.number(),
  clock: z.string(),
  tables: z.number(),
  rows: z.number(),
});

export const ToolCallResult = z.looseObject({
  step: z.number(),
  tool: z.string(),
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  fuel: z.number().optional(),
  durationMs: z.number().optional(),
  replayed: z.boolean().optional(),
});

export const EpisodeState = z.looseObject({
  digest: z.string(),
  tables: z.record(z.string(), z.looseObject({ rows: z.number(), digest: z.string() })),
});

export const EpisodeDiff = z.looseObject({ tables: z.record(z.string(), z.unknown()) });

export const CallLog = z.looseObject({
  calls: z.array(
    z.looseObject({
      step: z.number(),
      tool: z.string(),
      args: z.unknown().optional(),
      at: z.string().optional(),
      fuel: z.number().optional(),
      durationMs: z.number().optional(),
      response: z.unknown().optional(),
    }),
  ),
});

export const ApiKey = z.looseObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const CreatedApiKey = ApiKey.extend({ key: z.string() });

export const ApiKeyList = z.looseObject({ keys: z.array(ApiKey) });

/** Answers the CLI only passes through (`--json`) or does not read. */
export const AnyJson = z.unknown();
export const NoContent = z.undefined();

/** A discovery job (`/v1/environments/imports/:id`). */
export const ImportJob = z.looseObject({
  id: z.string(),
  status: z.enum(["queued", "running", "published", "duplicate", "failed"]),
  environment: z.string().nullable(),
  report: z.unknown().nullable(),
  error: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
});

/** The parts of a discovery job's report the CLI prints. */
export const ImportReport = z.looseObject({
  tables: z.number().optional(),
  rows: z.number().optional(),
  tools: z
    .looseObject({
      generated: z.number().optional(),
      leftOut: z
        .array(z.object({ subject: z.string(), kind: z.string(), reason: z.string() }))
        .optional(),
    })
    .optional(),
  llm: z
    .looseObject({
      status: z.string(),
      model: z.string().optional(),
      message: z.string().optional(),
      admitted: z.array(z.string()).optional(),
      rejected: z.array(z.object({ name: z.string(), reasons: z.array(z.string()) })).optional(),
    })
    .optional(),
  /** MCP imports whose SQL tools run on a published environment's database (`dataFrom`). */
  database: z.string().optional(),
  seconds: z.number().optional(),
});

/** A synthesis job (`/v1/tasks/synthesize`, `/v1/tasks/jobs/:id`). */
export const SynthesisJobResponse = z.looseObject({
  job: z.looseObject({
    id: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]),
    environment: z.looseObject({ name: z.string(), version: z.string() }),
    shards: z.looseObject({ total: z.number(), done: z.number(), failed: z.number() }),
    kept: z.number(),
    report: z.unknown().nullable(),
  }),
});

/** The parts of a synthesis job's report the CLI prints. */
export const SynthesisJobReport = z.looseObject({
  requested: z.number(),
  kept: z.number(),
  rejected: z.record(z.string(), z.number()).optional(),
  examples: z.record(z.string(), z.array(z.string())).optional(),
  failedShards: z.array(z.looseObject({ shard: z.number(), error: z.string() })).optional(),
  stoppedBecause: z.string().optional(),
  seconds: z.number().optional(),
  rewrite: z
    .looseObject({
      status: z.string(),
      rewritten: z.number(),
      kept: z.number(),
      reasons: z.record(z.string(), z.number()),
    })
    .optional(),
});

export const TaskSummary = z.looseObject({
  id: z.string(),
  environment: z.looseObject({ name: z.string(), version: z.string() }),
  kind: z.string(),
  level: z.string(),
  instruction: z.string(),
  chainLength: z.number(),
  writes: z.number(),
  createdAt: z.string(),
});

export const TaskList = z.looseObject({
  tasks: z.array(TaskSummary),
  nextCursor: z.string().nullable(),
});

export const TaskDetail = z.looseObject({
  id: z.string(),
  environment: z.looseObject({ name: z.string(), version: z.string() }),
  kind: z.string(),
  instruction: z.string(),
  tools: z.array(z.string()),
  difficulty: z.looseObject({ level: z.string(), chainLength: z.number(), writes: z.number() }),
  solution: z.looseObject({
    program: z.string(),
    calls: z.array(z.looseObject({ tool: z.string(), args: z.unknown() })),
  }),
  groundTruth: z.looseObject({ digest: z.string(), answer: z.unknown().optional() }),
  createdAt: z.string(),
});

// ---------------------------------------------------------------- rollouts (`/v1/rollouts`)

export const RolloutProgress = z.looseObject({
  total: z.number(),
  queued: z.number(),
  running: z.number(),
  done: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  meanReward: z.number().nullable(),
  passRate: z.number().nullable(),
});

/** Mean reward and pass rate of one (environment, task kind) of a batch. */
export const RolloutSummaryRow = z.looseObject({
  environment: z.string(),
  kind: z.string(),
  rollouts: z.number(),
  scored: z.number(),
  meanReward: z.number().nullable(),
  passRate: z.number().nullable(),
});

export const RolloutBatch = z.looseObject({
  id: z.string(),
  status: z.enum(["running", "done", "cancelled"]),
  policy: z.looseObject({ name: z.string(), kind: z.string(), model: z.string().optional() }),
  groupSize: z.number(),
  maxTurns: z.number(),
  maxConcurrency: z.number(),
  tasks: z.number(),
  progress: RolloutProgress,
  summary: z.array(RolloutSummaryRow),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const RolloutBatchResponse = z.looseObject({
  batch: RolloutBatch,
  links: z.record(z.string(), z.string()),
});

/** `GET /v1/rollouts/batches`: each entry is `{batch, links}`; a bare batch is read as well. */
export const RolloutBatchList = z.looseObject({
  batches: z.array(z.union([RolloutBatchResponse.transform((entry) => entry.batch), RolloutBatch])),
});

export const RolloutSummary = z.looseObject({
  id: z.string(),
  batchId: z.string(),
  taskId: z.string(),
  environment: z.string(),
  kind: z.string(),
  sample: z.number(),
  status: z.string(),
  attempts: z.number(),
  episodeId: z.string().nullable(),
  reward: z.number().nullable(),
  passed: z.boolean().nullable(),
  finishReason: z.string().nullable(),
  turns: z.number().nullable(),
  toolCalls: z.number().nullable(),
  usage: z.looseObject({ promptTokens: z.number(), completionTokens: z.number() }),
  timings: z.looseObject({
    modelMs: z.number().nullable(),
    overheadMs: z.number().nullable(),
    totalMs: z.number().nullable(),
  }),
  error: z.string().nullable(),
});

export const RolloutPage = z.looseObject({
  rollouts: z.array(RolloutSummary),
  nextCursor: z.string().nullable(),
});

/** One message of a trajectory, as OpenAI Chat Completions writes it. */
const TrajectoryMessage = z.looseObject({
  role: z.string(),
  content: z.string().nullable().optional(),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string(),
        function: z.looseObject({ name: z.string(), arguments: z.string() }),
      }),
    )
    .optional(),
  tool_call_id: z.string().optional(),
});

const RewardComponent = z.looseObject({
  score: z.number(),
  weight: z.number(),
  detail: z.string(),
});

/** The parts of a trajectory (core/rollouts/trajectory.ts) `rollouts show` prints. */
export const Trajectory = z.looseObject({
  task: z.looseObject({ kind: z.string(), level: z.string(), instruction: z.string() }),
  policy: z.looseObject({ name: z.string(), kind: z.string(), model: z.string().optional() }),
  messages: z.array(TrajectoryMessage),
  answer: z.unknown(),
  reward: z.number(),
  components: z.record(z.string(), RewardComponent.optional()),
  diff: z.looseObject({ missing: z.array(z.unknown()), unexpected: z.array(z.unknown()) }),
  finishReason: z.string(),
  toolErrors: z.number(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
});

export const RolloutDetail = z.looseObject({
  rollout: RolloutSummary,
  trajectory: Trajectory.nullable(),
});

// ---------------------------------------------------------------- policies (`/v1/policies`)

export const PolicySampling = z.looseObject({
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  max_tokens: z.number().optional(),
  stop: z.array(z.string()).optional(),
  seed: z.number().optional(),
});

/** A named OpenAI-compatible policy: the key never comes back, only whether one is set. */
export const PolicyView = z.looseObject({
  name: z.string(),
  kind: z.literal("openai"),
  baseUrl: z.string(),
  model: z.string(),
  apiKey: z.looseObject({ set: z.boolean(), hint: z.string().nullable() }),
  timeoutSeconds: z.number(),
  maxAttempts: z.number(),
  sampling: PolicySampling,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const BuiltInPolicyView = z.looseObject({
  name: z.string(),
  kind: z.string(),
  builtIn: z.literal(true),
});

export const PolicyResponse = z.looseObject({ policy: PolicyView });

/** `GET /v1/policies/{name}` also answers for the built-ins `oracle` and `random`. */
export const AnyPolicyResponse = z.looseObject({
  policy: z.union([PolicyView, BuiltInPolicyView]),
});

export const PolicyList = z.looseObject({
  policies: z.array(PolicyView),
  builtIn: z.array(z.string()),
});
