// The host side of the guest's `ctx`: SQL, tool calls, clock, random numbers and ids, charged to the
// current call's fuel. Every reply is one string, `R<json>` (a value), `E<json>` (a SQL error: code
// and message), `T<json>` (a failed tool behind `ctx.call`: code, message, details) or `X<json>`
// (any other failure: name and message); the prelude turns it back into a value or a thrown error.
// Nothing here throws into the VM, so no host stack ever reaches the guest.
import type { Json } from "../base/json";
import type { ToolHost } from "./executor";
import { HOST_CALL_FUEL, REPLY_CHARS_PER_FUEL } from "./limits";
import { describeSqlError } from "./sql-errors";
import { type CallSqlSizes, guardStatement, newCallSqlSizes, SQL_ROWS_PER_FUEL } from "./sql-guard";
import { paramsFromJson, rowsToJson, rowToJson } from "./sql-json";
import type { SqlEffect } from "./sql-statement-rules";

/** What one call (or the loading of one tool, with no host) has used so far. */
export interface CallState {
  /** Absent while tools load: `ctx`, `Math.random` and the clock are then unavailable. */
  readonly host: ToolHost | undefined;
  /** What the tool declared: a `read` tool's SQL may not write (sql-guard.ts). */
  readonly effect: SqlEffect;
  /** Row counts the SQL guard took during this call, and the rows it visited taking them. */
  readonly sql: CallSqlSizes;
  readonly fuelLimit: number;
  fuelUsed: number;
  /** Set by the host when it sees a limit crossed; it wins over whatever the guest then does. */
  limitHit: "fuel" | "memory" | undefined;
}

export function newCallState(
  host: ToolHost | undefined,
  fuelLimit: number,
  effect: SqlEffect = "write",
): CallState {
  return { host, effect, sql: newCallSqlSizes(), fuelLimit, fuelUsed: 0, limitHit: undefined };
}

export const SqlMode = { query: 0, one: 1, run: 2 } as const;

export interface HostBridge {
  sql(mode: number, sql: string, paramsJson: string): string;
  /** `ctx.call`: `argsJson` is the guest's JSON copy of a plain object. */
  call(tool: string, argsJson: string): string;
  random(): string;
  now(): string;
  id(prefix: string): string;
  /** The virtual clock in ms since the epoch, for the VM's `Date`; 0 while tools load. */
  clockMs(): number;
  /** One interrupt-handler tick; true when the call is out of fuel and must stop. */
  tick(): boolean;
}

export function createHostBridge(current: () => CallState): HostBridge {
  const charge = (state: CallState, ticks: number): void => {
    state.fuelUsed += ticks;
    if (state.fuelUsed > state.fuelLimit) state.limitHit ??= "fuel";
  };

  // Runs `body` for a live call, turning every failure into an `X` reply.
  const guarded = (body: (host: ToolHost, state: CallState) => string): string => {
    const state = current();
    if (!state.host) return failure("Error", "ctx is only available while a tool call runs");
    if (state.limitHit) return failure("InternalError", `the call exceeded its ${state.limitHit}`);
    try {
      return body(state.host, state);
    } catch (error) {
      return failure(error instanceof TypeError ? "TypeError" : "Error", messageOf(error));
    }
  };

  return {
    sql: (mode, sql, paramsJson) =>
      guarded((host, state) => {
        charge(state, HOST_CALL_FUEL);
        const params = paramsFromJson(paramsJson);
        // The platform's guard, before SQLite sees the statement: kind, names, and cost in fuel.
        const measured = state.sql.measured;
        const verdict = guardStatement(host.db, sql, params, state.effect, state.sql);
        // Counting rows for the estimate is SQL work too, charged whatever the verdict.
        const counting =
          Math.floor(state.sql.measured / SQL_ROWS_PER_FUEL) -
          Math.floor(measured / SQL_ROWS_PER_FUEL);
        charge(state, counting);
        if (!verdict.ok) {
          return `E${JSON.stringify("refusal" in verdict ? verdict.refusal : describeSqlError(verdict.sqlError))}`;
        }
        // The statement's own cost is paid before it runs: one the call cannot afford never runs.
        charge(state, verdict.fuel);
        if (verdict.fuel + counting > 0 && state.limitHit) {
          return `E${JSON.stringify({
            code: "limit_exceeded",
            message: `the statement is estimated at ${Math.round(verdict.estimate)} row visits (${verdict.fuel} fuel), more than the call has left`,
            details: { limit: "fuel", estimate: Math.round(verdict.estimate) },
          })}`;
        }
        let json: string;
        try {
          if (mode === SqlMode.run) json = JSON.stringify(host.db.run(sql, params));
          else if (mode === SqlMode.one) {
            const first = host.db.query(sql, params)[0];
            json = first === undefined ? "null" : JSON.stringify(rowToJson(first));
          } else json = rowsToJson(host.db.query(sql, params));
        } catch (error) {
          return `E${JSON.stringify(describeSqlError(error))}`;
        }
        charge(state, Math.floor(json.length / REPLY_CHARS_PER_FUEL));
        return `R${json}`;
      }),
    call: (tool, argsJson) =>
      guarded((host, state) => {
        if (!host.call) return failure("Error", "ctx.call is only available to solution programs");
        charge(state, HOST_CALL_FUEL);
        const outcome = host.call(tool, objectFromJson(argsJson));
        const reply = outcome.ok
          ? `R${JSON.stringify(outcome.result) ?? "null"}`
          : `T${JSON.stringify(outcome.error)}`;
        charge(state, Math.floor(reply.length / REPLY_CHARS_PER_FUEL));
        return reply;
      }),
    random: () => guarded((host) => `R${JSON.stringify(host.random())}`),
    now: () => guarded((host) => `R${JSON.stringify(host.now())}`),
    id: (prefix) =>
      guarded((host) => `R${JSON.stringify(host.id(prefix === "" ? undefined : prefix))}`),
    clockMs() {
      const host = current().host;
      if (!host) return 0;
      const ms = Date.parse(host.now());
      return Number.isFinite(ms) ? ms : 0;
    },
    tick() {
      const state = current();
      charge(state, 1);
      return state.limitHit === "fuel";
    },
  };
}

// The guest made `argsJson` with JSON.stringify, so it parses to JSON; only its shape is checked.
function objectFromJson(argsJson: string): Record<string, Json> {
  const parsed: Json = JSON.parse(argsJson);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new TypeError("ctx.call: args must be a plain object");
  }
  return parsed;
}

function failure(name: string, message: string): string {
  return `X${JSON.stringify({ name, message })}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
