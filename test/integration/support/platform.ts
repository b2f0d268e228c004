// Talking to the real Worker inside workerd, as a client would: JSON requests with the test
// admin key (vitest.config.ts binds it), publishing specs and opening episodes.
import { env, exports } from "cloudflare:workers";
import type { EnvironmentSpec } from "../../../core/environment/spec";
import type { AppEnv } from "../../../workers/env";

export const ADMIN_KEY = (env as AppEnv).AGENT_WORLD_ADMIN_KEY ?? "";
const BASE = "http://agent-world.test";

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    rawBody?: string;
    key?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? ADMIN_KEY : options.key;
  if (key) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await exports.default.fetch(`${BASE}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as T,
  };
}

export async function publish(spec: EnvironmentSpec): Promise<ApiResponse> {
  return api("POST", "/v1/environments", { body: spec });
}

export async function openEpisode(
  environment: string,
  options: { seed?: string; maxSteps?: number; ttlSeconds?: number; key?: string } = {},
): Promise<string> {
  const { key, ...rest } = options;
  const res = await api<{ id: string }>("POST", "/v1/episodes", {
    body: { environment, ...rest },
    ...(key ? { key } : {}),
  });
  if (res.status !== 201)
    throw new Error(`open episode: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function call<T = Record<string, unknown>>(
  episodeId: string,
  tool: string,
  args: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  return api<T>("POST", `/v1/episodes/${episodeId}/tools/${tool}`, { body: args, headers });
}
