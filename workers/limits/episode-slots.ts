// The open-episode cap of `POST /v1/episodes`: a slot is taken in the key's KeyQuotaDO before the
// episode exists (a full key costs no episode), settled to the episode's own expiry once it does,
// and given back if opening fails. The EpisodeDO frees it when the episode is deleted or expires.

import { unwrap } from "../../core/base/result";
import type { EpisodeInfo } from "../../core/episode/episode-port";
import type { Caller } from "../../durable-objects/episode-rpc";
import type { KeyQuotaRpc } from "../../durable-objects/key-quota-do";
import type { AppEnv } from "../env";
import { newEpisodeId } from "../episodes/episode-client";
import type { EpisodeSource } from "../episodes/episode-source";
import { type OpenEpisodeOptions, openEpisode } from "../episodes/open-episode";
import { keyLimitsOf } from "./key-limits";

/**
 * How long past its TTL a slot outlives an episode whose expiry was never settled (the settle
 * call failed): the slot must not expire before the episode, whose clock starts a little later.
 */
const UNSETTLED_GRACE_MS = 60_000;

export function keyQuotaStub(env: Pick<AppEnv, "KEY_QUOTAS">, keyId: string): KeyQuotaRpc {
  return env.KEY_QUOTAS.get(env.KEY_QUOTAS.idFromName(keyId)) as unknown as KeyQuotaRpc;
}

/** Opens an episode for `caller`, within its key's cap (admin keys have none); 429 when full. */
export async function openEpisodeWithinCap(
  env: AppEnv,
  caller: Caller,
  source: EpisodeSource,
  options: Omit<OpenEpisodeOptions, "ownerKeyId" | "episodeId" | "holdsSlot">,
): Promise<EpisodeInfo> {
  if (caller.admin) return openEpisode(env, source, { ...options, ownerKeyId: caller.keyId });
  const quota = keyQuotaStub(env, caller.keyId);
  const episodeId = newEpisodeId();
  const provisionalExpiry = Date.now() + options.limits.ttlSeconds * 1000 + UNSETTLED_GRACE_MS;
  unwrap(
    await quota.takeEpisodeSlot(episodeId, provisionalExpiry, keyLimitsOf(env).maxOpenEpisodes),
  );
  let info: EpisodeInfo;
  try {
    info = await openEpisode(env, source, {
      ...options,
      ownerKeyId: caller.keyId,
      episodeId,
      holdsSlot: true,
    });
  } catch (err) {
    await releaseQuietly(quota, episodeId);
    throw err;
  }
  try {
    await quota.settleEpisodeSlot(episodeId, Date.parse(info.expiresAt));
  } catch (err) {
    // The slot still ends (a minute late) at its provisional expiry, or when the episode is buried.
    console.warn("could not settle the open-episode slot", episodeId, err);
  }
  return info;
}

async function releaseQuietly(quota: KeyQuotaRpc, episodeId: string): Promise<void> {
  try {
    await quota.releaseEpisodeSlot(episodeId);
  } catch (err) {
    console.warn("could not release the open-episode slot", episodeId, err);
  }
}
