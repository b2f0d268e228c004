// The Worker's handle on one episode: routes by id to its EpisodeDO and turns RPC results back
// into AppErrors. Also the `EpisodePort` the MCP and OpenEnv faces use.

import { unwrap } from "../../core/base/result";
import type { EpisodePort } from "../../core/episode/episode-port";
import type { Caller, EpisodeRpc } from "../../durable-objects/episode-rpc";
import type { AppEnv, AuthContext } from "../env";

export function callerOf(auth: AuthContext | undefined): Caller {
  if (!auth) return { keyId: "anonymous", admin: false };
  return { keyId: auth.keyId, admin: auth.scopes.includes("admin") };
}

/**
 * The stub typed by the RPC interface the EpisodeDO class implements: the generated stub type
 * recurses through `Json` until TypeScript gives up, and the interface keeps both sides honest.
 */
export function episodeStub(env: AppEnv, episodeId: string): EpisodeRpc {
  return env.EPISODES.get(env.EPISODES.idFromName(episodeId)) as unknown as EpisodeRpc;
}

export function scratchEpisodeStub(env: AppEnv): EpisodeRpc {
  return env.EPISODES.get(env.EPISODES.newUniqueId()) as unknown as EpisodeRpc;
}

export function episodePortFor(
  env: AppEnv,
  auth: AuthContext | undefined,
  episodeId: string,
): EpisodePort {
  const stub = episodeStub(env, episodeId);
  const caller = callerOf(auth);
  return {
    info: async () => unwrap(await stub.info(caller)),
    listTools: async () => unwrap(await stub.listTools(caller)),
    callTool: async (tool, args, options) =>
      unwrap(
        await stub.callTool(caller, {
          tool,
          args,
          ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        }),
      ),
    state: async () => unwrap(await stub.state(caller)),
    reset: async () => unwrap(await stub.reset(caller)),
  };
}

const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** `ep_` + 26 base32 characters (130 bits): unguessable, so an id alone reveals nothing. */
export function newEpisodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  return `ep_${[...bytes].map((b) => ID_ALPHABET[b % 32]).join("")}`;
}
