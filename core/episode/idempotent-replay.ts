// What a call that reuses an Idempotency-Key gets: the stored answer when it is the same request
// (same tool, canonically equal arguments), else a refusal. Replaying another request's answer
// would hand the agent a result for a call it did not make.
import { canonicalJson } from "../base/json";
import { fail, ok, type Result } from "../base/result";
import type { StoredCall } from "./call-recorder";
import type { ToolCallResult } from "./tool-call";

export function replayStored(
  stored: StoredCall,
  request: { tool: string; args: unknown; idempotencyKey: string },
): Result<ToolCallResult> {
  if (stored.tool !== request.tool || canonicalJson(stored.args) !== canonicalJson(request.args)) {
    return fail(
      "idempotency_key_reused",
      `Idempotency-Key "${request.idempotencyKey}" was already used for a different request (a call to "${stored.tool}" with other arguments or another tool). Use a new key for a new request.`,
      { idempotencyKey: request.idempotencyKey, tool: stored.tool, step: stepOf(stored.response) },
    );
  }
  const { response } = stored;
  return response.ok ? ok({ ...response.value, replayed: true }) : response;
}

function stepOf(response: Result<ToolCallResult>): number | null {
  return response.ok ? response.value.step : null;
}
