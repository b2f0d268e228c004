// Named chat policies (`/v1/policies`, scope `episodes`): an OpenAI-compatible endpoint, model and
// defaults that rollout batches name. The API key is stored encrypted and never returned. Each key
// has its own namespace of names; another key's policy is "no such policy" (404), as if missing.
import { createRoute } from "@hono/zod-openapi";
import { AppError } from "../../core/base/errors";
import { catalogDb } from "../catalog/catalog-db";
import type { AuthContext } from "../env";
import { callerOf } from "../episodes/episode-client";
import {
  createPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  type PolicySettings,
  replacePolicy,
  type StoredPolicy,
} from "../policies/policy-repository";
import { BUILT_IN_POLICIES, isBuiltInPolicy } from "../policies/resolved-policy";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";
import {
  AnyPolicyResponseSchema,
  CreatePolicyBody,
  PolicyListSchema,
  PolicyNameParams,
  PolicyOwnerQuery,
  PolicyResponseSchema,
  type PolicyView,
  ReplacePolicyBody,
} from "../schemas/policy-schemas";

export const policyRoutes = createRouter();

const tags = ["Policies"];
const security = [{ apiKey: [] }];

policyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/policies",
    tags,
    summary: "Create a named policy: an OpenAI-compatible endpoint and model",
    description:
      "Names are per API key: another key may have a policy of the same name, and neither sees the other's. `oracle` and `random` are built in and cannot be taken. The API key is stored encrypted with AGENT_WORLD_SECRETS_KEY (503 when the server has none) and never returned; responses show `…` and its last four characters.",
    security,
    request: {
      body: { content: { "application/json": { schema: CreatePolicyBody } }, required: true },
    },
    responses: {
      201: {
        description: "The new policy",
        content: { "application/json": { schema: PolicyResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 409, 413, 503),
    },
  }),
  async (c) => {
    const { name, apiKey, ...settings } = c.req.valid("json");
    const policy = await createPolicy(c.env, {
      name,
      ownerKeyId: callerOf(c.get("auth")).keyId,
      settings: settingsOf(settings),
      ...(apiKey === undefined ? {} : { apiKey }),
    });
    return c.json({ policy: policyView(policy) }, 201);
  },
);

policyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/policies",
    tags,
    summary: "List your named policies (by name) and the built-in ones",
    security,
    request: { query: PolicyOwnerQuery },
    responses: {
      200: {
        description: "Every named policy, without keys",
        content: { "application/json": { schema: PolicyListSchema } },
      },
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    const stored = await listPolicies(
      catalogDb(c.env.CATALOG),
      ownerOf(c.get("auth"), c.req.valid("query").owner),
    );
    return c.json({ policies: stored.map(policyView), builtIn: [...BUILT_IN_POLICIES] }, 200);
  },
);

policyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/policies/{name}",
    tags,
    summary: "A policy, without its key",
    description:
      "For the built-ins `oracle` and `random` the answer is `{policy: {name, kind, builtIn: true}}`.",
    security,
    request: { params: PolicyNameParams, query: PolicyOwnerQuery },
    responses: {
      200: {
        description: "The named policy, or a built-in one",
        content: { "application/json": { schema: AnyPolicyResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    if (isBuiltInPolicy(name)) {
      return c.json({ policy: { name, kind: name, builtIn: true as const } }, 200);
    }
    const policy = await getPolicy(catalogDb(c.env.CATALOG), {
      ownerKeyId: ownerOf(c.get("auth"), c.req.valid("query").owner),
      name,
    });
    if (!policy) throw noSuchPolicy(name);
    return c.json({ policy: policyView(policy) }, 200);
  },
);

policyRoutes.openapi(
  createRoute({
    method: "put",
    path: "/v1/policies/{name}",
    tags,
    summary: "Replace a policy's endpoint, model and defaults; rotate or remove its key",
    description:
      "Every field is replaced (omitted ones take their defaults) except `apiKey`: omitted keeps the stored key, `null` removes it, a string replaces it. Batches already running keep the policy they started with.",
    security,
    request: {
      params: PolicyNameParams,
      query: PolicyOwnerQuery,
      body: { content: { "application/json": { schema: ReplacePolicyBody } }, required: true },
    },
    responses: {
      200: {
        description: "The policy as replaced",
        content: { "application/json": { schema: PolicyResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 404, 413, 503),
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    refuseBuiltIn(name, "replaced");
    const { apiKey, ...settings } = c.req.valid("json");
    const ref = { ownerKeyId: ownerOf(c.get("auth"), c.req.valid("query").owner), name };
    const policy = await replacePolicy(c.env, ref, settingsOf(settings), apiKey);
    if (!policy) throw noSuchPolicy(name);
    return c.json({ policy: policyView(policy) }, 200);
  },
);

policyRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/policies/{name}",
    tags,
    summary: "Delete a policy and its stored key",
    description: "Batches already running keep the policy they started with.",
    security,
    request: { params: PolicyNameParams, query: PolicyOwnerQuery },
    responses: {
      204: { description: "Deleted" },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    refuseBuiltIn(name, "deleted");
    const ref = { ownerKeyId: ownerOf(c.get("auth"), c.req.valid("query").owner), name };
    if (!(await deletePolicy(catalogDb(c.env.CATALOG), ref))) throw noSuchPolicy(name);
    return c.body(null, 204);
  },
);

/**
 * Whose namespace a request addresses: the caller's own, or (admin keys only) `?owner=`. Another
 * key naming an owner is refused outright, so it learns nothing about that owner's names.
 */
function ownerOf(auth: AuthContext | undefined, owner: string | undefined): string {
  const caller = callerOf(auth);
  if (owner === undefined || owner === caller.keyId) return caller.keyId;
  if (!caller.admin) {
    throw new AppError("forbidden", "Only an admin key may address another key's policies.", {
      owner,
    });
  }
  return owner;
}

function settingsOf(body: PolicySettings): PolicySettings {
  const { baseUrl, model, timeoutSeconds, maxAttempts, sampling } = body;
  return { baseUrl, model, timeoutSeconds, maxAttempts, sampling };
}

/** Only listed fields leave the server: never the cipher, nor the key's owner. */
function policyView(policy: StoredPolicy): PolicyView {
  return {
    name: policy.name,
    kind: policy.kind,
    baseUrl: policy.baseUrl,
    model: policy.model,
    apiKey: { set: policy.apiKeySet, hint: policy.apiKeyHint },
    timeoutSeconds: policy.timeoutSeconds,
    maxAttempts: policy.maxAttempts,
    sampling: policy.sampling,
    createdAt: policy.createdAt,
    updatedAt: policy.updatedAt,
  };
}

function refuseBuiltIn(name: string, verb: "replaced" | "deleted"): void {
  if (isBuiltInPolicy(name)) {
    throw new AppError("bad_request", `\`${name}\` is a built-in policy and cannot be ${verb}.`, {
      name,
      builtIn: BUILT_IN_POLICIES,
    });
  }
}

function noSuchPolicy(name: string): AppError {
  return new AppError(
    "not_found",
    `No policy named \`${name}\`. List them with GET /v1/policies; the built-in ones are ${BUILT_IN_POLICIES.map((p) => `\`${p}\``).join(" and ")}.`,
    { name },
  );
}
