// Fault injection on the real bindings: the test hands a consumer an env whose D1 catalog and R2
// bucket are the real ones wrapped so that a chosen operation throws — once (a transient error),
// or from then on (the worker died there: nothing after it reaches storage), or waits until the
// test lets it go (a slow worker) — and whose queue producers put messages in an outbox
// (queue-outbox.ts) the test delivers itself, so no real queue races the test.
import type { AppEnv } from "../../../workers/env";
import { Outbox } from "./queue-outbox";

export type Binding = "CATALOG" | "ARTIFACTS" | "QUEUE";

export interface Op {
  binding: Binding;
  /** A queue send is neither: a plan counts it only when its `match` asks for it. */
  kind: "read" | "write" | "send";
  /** The SQL (first 80 characters), `put <key>` / `get <key>` / `list <prefix>`, or the queue. */
  what: string;
}

export interface FaultPlan {
  /** Which operations are counted; by default every write to either binding. */
  match?: (op: Op) => boolean;
  /** The 1-based index, among counted operations, of the one that fails. */
  at: number;
  /**
   * `once`: only that one fails. `dead`: it and every later operation fail (the worker died).
   * `hold`: that one waits, before it runs, until `release()` (a slow worker, for interleavings).
   */
  mode?: "once" | "dead" | "hold";
}

/** The error a fault throws, so a test can tell it from a real failure. */
export class InjectedFault extends Error {
  constructor(readonly op: Op) {
    super(`injected fault: ${op.binding} ${op.kind} ${op.what}`);
    this.name = "InjectedFault";
  }
}

export const isWrite = (op: Op) => op.kind === "write";

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The log of every operation and the armed plan; shared by the wrapped bindings of one env. */
export class Faults {
  readonly ops: Op[] = [];
  readonly injected: Op[] = [];
  private plan: FaultPlan | null = null;
  private counted = 0;
  private dead = false;
  private gate = deferred<void>();
  private held = deferred<Op>();

  arm(plan: FaultPlan): this {
    this.plan = plan;
    this.counted = 0;
    this.dead = false;
    this.gate = deferred<void>();
    this.held = deferred<Op>();
    return this;
  }

  /** Resolves with the held operation once a `hold` plan's operation is reached. */
  reached(): Promise<Op> {
    return this.held.promise;
  }

  /** Lets a held operation run. */
  release(): void {
    this.gate.resolve();
  }

  /** Stops injecting (the replacement worker runs on healthy storage). */
  disarm(): this {
    this.plan = null;
    this.dead = false;
    return this;
  }

  writes(): Op[] {
    return this.ops.filter(isWrite);
  }

  async check(op: Op): Promise<void> {
    this.ops.push(op);
    const plan = this.plan;
    if (!plan) return;
    if (this.dead) this.fail(op);
    if (!(plan.match ?? isWrite)(op)) return;
    this.counted += 1;
    if (this.counted !== plan.at) return;
    if (plan.mode === "hold") {
      this.held.resolve(op);
      await this.gate.promise;
      return;
    }
    if (plan.mode === "dead") this.dead = true;
    this.fail(op);
  }

  private fail(op: Op): never {
    this.injected.push(op);
    throw new InjectedFault(op);
  }
}

const WRITE_SQL = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

function sqlOp(sql: string): Op {
  return {
    binding: "CATALOG",
    kind: WRITE_SQL.test(sql) ? "write" : "read",
    what: sql.replace(/\s+/g, " ").trim().slice(0, 80),
  };
}

/** Statements made by the wrapper, mapped back to the real ones (and their SQL) for `batch()`. */
const realStatements = new WeakMap<
  D1PreparedStatement,
  { real: D1PreparedStatement; sql: string }
>();

function faultyStatement(
  real: D1PreparedStatement,
  sql: string,
  faults: Faults,
): D1PreparedStatement {
  const statement = {
    bind: (...values: unknown[]) => faultyStatement(real.bind(...values), sql, faults),
    first: async (column?: string) => {
      await faults.check(sqlOp(sql));
      return column === undefined ? real.first() : real.first(column);
    },
    run: async () => {
      await faults.check(sqlOp(sql));
      return real.run();
    },
    all: async () => {
      await faults.check(sqlOp(sql));
      return real.all();
    },
    raw: async (options?: { columnNames?: boolean }) => {
      await faults.check(sqlOp(sql));
      return options?.columnNames ? real.raw({ columnNames: true }) : real.raw();
    },
  } as unknown as D1PreparedStatement;
  realStatements.set(statement, { real, sql });
  return statement;
}

/** The real D1 database; a statement or a batch throws when the plan says so (before it runs). */
export function faultyD1(real: D1Database, faults: Faults): D1Database {
  const wrapped = {
    prepare: (sql: string) => faultyStatement(real.prepare(sql), sql, faults),
    batch: async (statements: D1PreparedStatement[]) => {
      // One batch is one transaction: it fails whole, counted as one write when it writes.
      const writes = statements.some(
        (s) => sqlOp(realStatements.get(s)?.sql ?? "").kind === "write",
      );
      await faults.check({
        binding: "CATALOG",
        kind: writes ? "write" : "read",
        what: `batch of ${statements.length}`,
      });
      return real.batch(statements.map((s) => realStatements.get(s)?.real ?? s));
    },
    exec: async (sql: string) => {
      await faults.check(sqlOp(sql));
      return real.exec(sql);
    },
    dump: () => real.dump(),
    withSession: () => {
      throw new Error("the fault-injecting D1 wrapper does not support sessions");
    },
  };
  return wrapped as unknown as D1Database;
}

/** The real R2 bucket; `put` and `delete` are writes, `get`, `head` and `list` reads. */
export function faultyR2(real: R2Bucket, faults: Faults): R2Bucket {
  const op = (kind: Op["kind"], what: string): Op => ({ binding: "ARTIFACTS", kind, what });
  const wrapped = {
    put: async (key: string, ...rest: unknown[]) => {
      await faults.check(op("write", `put ${key}`));
      return (real.put as (...args: unknown[]) => Promise<R2Object | null>)(key, ...rest);
    },
    delete: async (keys: string | string[]) => {
      await faults.check(op("write", `delete ${String(keys)}`));
      return real.delete(keys);
    },
    get: async (key: string, ...rest: unknown[]) => {
      await faults.check(op("read", `get ${key}`));
      return (real.get as (...args: unknown[]) => Promise<R2ObjectBody | null>)(key, ...rest);
    },
    head: async (key: string) => {
      await faults.check(op("read", `head ${key}`));
      return real.head(key);
    },
    list: async (options?: R2ListOptions) => {
      await faults.check(op("read", `list ${options?.prefix ?? ""}`));
      return real.list(options);
    },
  };
  return wrapped as unknown as R2Bucket;
}

/** The real env with faulty storage and held queues (ROLLOUTS, SYNTHESIS, DISCOVERY). */
export function faultyEnv(
  base: AppEnv,
  faults: Faults,
  outbox: Outbox = new Outbox(),
): AppEnv & { faults: Faults; outbox: Outbox } {
  return {
    ...base,
    CATALOG: faultyD1(base.CATALOG, faults),
    ARTIFACTS: faultyR2(base.ARTIFACTS, faults),
    ROLLOUTS_QUEUE: outbox.producer("ROLLOUTS_QUEUE", faults),
    SYNTHESIS_QUEUE: outbox.producer("SYNTHESIS_QUEUE", faults),
    DISCOVERY_QUEUE: outbox.producer("DISCOVERY_QUEUE", faults),
    faults,
    outbox,
  };
}
