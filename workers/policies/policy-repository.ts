// Named policies in the D1 catalog: create, replace, get, list, delete, and `resolvePolicy`, the
// one place a stored API key is decrypted (for a rollout, in memory). Names are per owner key:
// every read and write names the owner, so one key can never reach another's policy
// or its stored key. The built-ins `oracle` and `random` are never stored.
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../core/base/errors";
import { toJsonValue } from "../../core/base/json";
import { type Sampling, SamplingSchema } from "../../core/rollouts/sampling";
import type { CatalogDb } from "../catalog/catalog-db";
import { catalogDb } from "../catalog/catalog-db";
import { policies } from "../catalog/schema";
import type { AppEnv } from "../env";
import { apiKeyHint } from "./api-key-hint";
import {
  BUILT_IN_POLICIES,
  isBuiltInPolicy,
  type PolicySnapshot,
  type ResolvedPolicy,
} from "./resolved-policy";
import { openSecret, sealSecret } from "./secret-box";

export type PolicyEnv = Pick<AppEnv, "CATALOG" | "AGENT_WORLD_SECRETS_KEY">;

/** Everything a policy is, but its key. */
export interface PolicySettings {
  baseUrl: string;
  model: string;
  timeoutSeconds: number;
  maxAttempts: number;
  sampling: Sampling;
}

/** A stored policy as callers outside this file see it: whether a key is set, never the key. */
export interface StoredPolicy extends PolicySettings {
  name: string;
  kind: "openai";
  ownerKeyId: string;
  apiKeySet: boolean;
  apiKeyHint: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The `options` column: parsed on every read, since it is stored JSON. */
const PolicyOptionsSchema = z.object({
  timeoutSeconds: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
  sampling: SamplingSchema,
});

type PolicyRow = typeof policies.$inferSelect;

/** A stored policy's address: its owner's namespace and its name there. */
export interface PolicyRef {
  ownerKeyId: string;
  name: string;
}

function whereRef(ref: PolicyRef) {
  return and(eq(policies.ownerKeyId, ref.ownerKeyId), eq(policies.name, ref.name));
}

/** Conflict when the owner already has this name (a concurrent create included: the insert is the guard). */
export async function createPolicy(
  env: PolicyEnv,
  input: { name: string; ownerKeyId: string; settings: PolicySettings; apiKey?: string },
  now: Date = new Date(),
): Promise<StoredPolicy> {
  const { name, ownerKeyId, settings, apiKey } = input;
  const at = now.toISOString();
  const rows = await catalogDb(env.CATALOG)
    .insert(policies)
    .values({
      name,
      ownerKeyId,
      kind: "openai",
      ...settingsColumns(settings),
      ...(await keyColumns(env, apiKey ?? null)),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: [policies.ownerKeyId, policies.name] })
    .returning();
  const row = rows[0];
  if (!row) {
    throw new AppError(
      "conflict",
      `A policy named \`${name}\` already exists; replace it with PUT /v1/policies/${name}.`,
      { name },
    );
  }
  return storedPolicy(row);
}

/**
 * Replaces a policy's settings. `apiKey`: undefined keeps the stored key, null removes it, a string
 * replaces it. Undefined when the owner has no such policy.
 */
export async function replacePolicy(
  env: PolicyEnv,
  ref: PolicyRef,
  settings: PolicySettings,
  apiKey: string | null | undefined,
  now: Date = new Date(),
): Promise<StoredPolicy | undefined> {
  const rows = await catalogDb(env.CATALOG)
    .update(policies)
    .set({
      ...settingsColumns(settings),
      ...(apiKey === undefined ? {} : await keyColumns(env, apiKey)),
      updatedAt: now.toISOString(),
    })
    .where(whereRef(ref))
    .returning();
  const row = rows[0];
  return row ? storedPolicy(row) : undefined;
}

export async function getPolicy(db: CatalogDb, ref: PolicyRef): Promise<StoredPolicy | undefined> {
  const rows = await db.select().from(policies).where(whereRef(ref)).limit(1);
  const row = rows[0];
  return row ? storedPolicy(row) : undefined;
}

/** One owner's named policies by name; a key holds a handful, so there is no paging. */
export async function listPolicies(db: CatalogDb, ownerKeyId: string): Promise<StoredPolicy[]> {
  const rows = await db
    .select()
    .from(policies)
    .where(eq(policies.ownerKeyId, ownerKeyId))
    .orderBy(asc(policies.name));
  return rows.map(storedPolicy);
}

/** False when the owner had no such policy. */
export async function deletePolicy(db: CatalogDb, ref: PolicyRef): Promise<boolean> {
  const rows = await db.delete(policies).where(whereRef(ref)).returning({ name: policies.name });
  return rows.length > 0;
}

/**
 * The policy a rollout plays: a built-in, or one the batch's owner stored, with its key decrypted.
 * Only the owner's namespace is looked in, so a name another key uses is "no such policy".
 */
export async function resolvePolicy(env: PolicyEnv, ref: PolicyRef): Promise<ResolvedPolicy> {
  const { name } = ref;
  if (isBuiltInPolicy(name)) return { kind: name, name };
  const rows = await catalogDb(env.CATALOG).select().from(policies).where(whereRef(ref)).limit(1);
  const row = rows[0];
  if (!row) {
    throw new AppError(
      "not_found",
      `No policy named \`${name}\`. Create it with POST /v1/policies, or use a built-in one: ${BUILT_IN_POLICIES.map((p) => `\`${p}\``).join(", ")}.`,
      { name, builtIn: BUILT_IN_POLICIES },
    );
  }
  const stored = storedPolicy(row);
  return {
    kind: "openai",
    name: stored.name,
    baseUrl: stored.baseUrl,
    model: stored.model,
    apiKey:
      row.apiKeyCipher === null
        ? ""
        : await openSecret(env.AGENT_WORLD_SECRETS_KEY, row.apiKeyCipher),
    timeoutMs: stored.timeoutSeconds * 1000,
    maxAttempts: stored.maxAttempts,
    sampling: stored.sampling,
  };
}

/** What a batch row and a trajectory keep of a policy: everything but the key. */
export function policySnapshot(resolved: ResolvedPolicy): PolicySnapshot {
  if (resolved.kind !== "openai") return { name: resolved.name, kind: resolved.kind };
  return {
    name: resolved.name,
    kind: "openai",
    model: resolved.model,
    baseUrl: resolved.baseUrl,
    timeoutMs: resolved.timeoutMs,
    maxAttempts: resolved.maxAttempts,
    sampling: resolved.sampling,
  };
}

function settingsColumns(settings: PolicySettings) {
  const { baseUrl, model, timeoutSeconds, maxAttempts, sampling } = settings;
  return { baseUrl, model, options: toJsonValue({ timeoutSeconds, maxAttempts, sampling }) };
}

/** Seals before any write, so a missing AGENT_WORLD_SECRETS_KEY changes nothing. */
async function keyColumns(env: PolicyEnv, apiKey: string | null) {
  if (apiKey === null) return { apiKeyCipher: null, apiKeyHint: null };
  return {
    apiKeyCipher: await sealSecret(env.AGENT_WORLD_SECRETS_KEY, apiKey),
    apiKeyHint: apiKeyHint(apiKey),
  };
}

/** Only listed fields leave this file: never the cipher. */
function storedPolicy(row: PolicyRow): StoredPolicy {
  const options = PolicyOptionsSchema.parse(row.options);
  return {
    name: row.name,
    kind: row.kind,
    ownerKeyId: row.ownerKeyId,
    baseUrl: row.baseUrl,
    model: row.model,
    apiKeySet: row.apiKeyCipher !== null,
    apiKeyHint: row.apiKeyHint,
    timeoutSeconds: options.timeoutSeconds,
    maxAttempts: options.maxAttempts,
    sampling: options.sampling,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
