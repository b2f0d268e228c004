// One KeyQuotaDO per API key: the key's open-episode slots, one row per episode (id -> expiry).
// Taking a slot is one synchronous read-count-insert, so concurrent opens never overshoot the cap;
// a slot whose episode has expired stops counting at its expiry even if no release arrives.
import { DurableObject } from "cloudflare:workers";
import { fail, ok, type Result } from "../core/base/result";
import type { AppEnv } from "../workers/env";

/** What a caller learns when it may open an episode: how many this key has open, counting it. */
export interface SlotTaken {
  open: number;
}

export interface KeyQuotaRpc {
  /** Takes a slot for `episodeId` until `expiresAtMs` unless `limit` are already open. Idempotent. */
  takeEpisodeSlot(
    episodeId: string,
    expiresAtMs: number,
    limit: number,
  ): Promise<Result<SlotTaken>>;
  /** Moves a slot's expiry to the episode's own (known only once the episode exists). */
  settleEpisodeSlot(episodeId: string, expiresAtMs: number): Promise<Result<{ settled: boolean }>>;
  /** Frees the slot of a deleted, expired or never-created episode. Idempotent. */
  releaseEpisodeSlot(episodeId: string): Promise<Result<{ released: boolean }>>;
}

/** The longest Retry-After a full key is told: slots usually free up by deletion, not expiry. */
const MAX_RETRY_AFTER_SECONDS = 60;

export class KeyQuotaDO extends DurableObject<AppEnv> implements KeyQuotaRpc {
  private readonly sql = this.ctx.storage.sql;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    // Safe on every start: CREATE TABLE IF NOT EXISTS.
    this.sql.exec(
      "CREATE TABLE IF NOT EXISTS episode_slots (episode_id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)",
    );
  }

  async takeEpisodeSlot(
    episodeId: string,
    expiresAtMs: number,
    limit: number,
  ): Promise<Result<SlotTaken>> {
    const now = Date.now();
    this.sql.exec("DELETE FROM episode_slots WHERE expires_at <= ?", now);
    const open = this.openSlots();
    const held = this.sql
      .exec("SELECT 1 FROM episode_slots WHERE episode_id = ?", episodeId)
      .toArray();
    if (held.length > 0) return ok({ open });
    if (open >= limit) {
      const next = this.sql
        .exec<{ at: number | null }>("SELECT min(expires_at) AS at FROM episode_slots")
        .one().at;
      const untilExpiry = next === null ? MAX_RETRY_AFTER_SECONDS : Math.ceil((next - now) / 1000);
      return fail(
        "too_many_open_episodes",
        `This API key has ${open} open episodes, the most it may have; delete one (DELETE /v1/episodes/{id}) or wait for one to expire.`,
        {
          limit,
          current: open,
          ...(next === null ? {} : { nextExpiresAt: new Date(next).toISOString() }),
          retryAfterSeconds: Math.max(1, Math.min(MAX_RETRY_AFTER_SECONDS, untilExpiry)),
        },
      );
    }
    this.sql.exec(
      "INSERT INTO episode_slots (episode_id, expires_at) VALUES (?, ?)",
      episodeId,
      expiresAtMs,
    );
    return ok({ open: open + 1 });
  }

  async settleEpisodeSlot(
    episodeId: string,
    expiresAtMs: number,
  ): Promise<Result<{ settled: boolean }>> {
    const cursor = this.sql.exec(
      "UPDATE episode_slots SET expires_at = ? WHERE episode_id = ?",
      expiresAtMs,
      episodeId,
    );
    return ok({ settled: cursor.rowsWritten > 0 });
  }

  async releaseEpisodeSlot(episodeId: string): Promise<Result<{ released: boolean }>> {
    const cursor = this.sql.exec("DELETE FROM episode_slots WHERE episode_id = ?", episodeId);
    return ok({ released: cursor.rowsWritten > 0 });
  }

  private openSlots(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM episode_slots").one().n;
  }
}
