// The consumer of every dead-letter queue: a message that exhausted its retries is recorded in
// D1 (`dead_letters`, one row per queue and message id, so a redelivery is not a second row)
// and acknowledged. Nothing is lost; the admin API can inspect what failed.

import { type Json, toJsonValue } from "../../core/base/json";
import { catalogDb } from "../catalog/catalog-db";
import { deadLetters } from "../catalog/schema";
import type { AppEnv } from "../env";

export async function recordDeadLetters(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  const db = catalogDb(env.CATALOG);
  for (const message of batch.messages) {
    await db
      .insert(deadLetters)
      .values({
        queue: batch.queue,
        messageId: message.id,
        body: bodyAsJson(message.body),
        attempts: message.attempts,
      })
      .onConflictDoNothing();
    message.ack();
  }
}

function bodyAsJson(body: unknown): Json {
  try {
    return toJsonValue(body);
  } catch {
    return { unserializable: String(body) };
  }
}
