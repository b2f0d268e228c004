// Child processes for the launcher: output passed through line by line with a prefix (or kept
// quiet), the last lines remembered for error reports, and one promise for how it ended.
import { type ChildProcess, spawn } from "node:child_process";
import { constants } from "node:os";
import { createInterface } from "node:readline";

export interface ProcessEnd {
  /** Exit code, or null when the process was killed by a signal or could not start. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The process's last lines of output (stdout and stderr interleaved). */
  tail: string[];
  /** True when `timeoutMs` ran out and the process was killed. */
  timedOut: boolean;
}

export interface ProcessOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Prefix for echoed lines, e.g. `[wrangler] `; no echo when `echo` is false. */
  prefix?: string;
  echo?: boolean;
  /** Own process group, so a signal can reach the process and all its children at once. */
  detached?: boolean;
  /** Kill the process (its whole group when detached) after this long. */
  timeoutMs?: number;
}

export interface RunningProcess {
  child: ChildProcess;
  ended: Promise<ProcessEnd>;
  /** The lines seen so far, newest last. */
  tail(): string[];
}

const TAIL_LINES = 60;

export function startProcess(
  command: string,
  args: string[],
  options: ProcessOptions,
): RunningProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  const lines: string[] = [];
  const remember = (line: string, toStderr: boolean) => {
    lines.push(line);
    if (lines.length > TAIL_LINES) lines.shift();
    if (options.echo !== false) {
      (toStderr ? process.stderr : process.stdout).write(`${options.prefix ?? ""}${line}\n`);
    }
  };
  const streams = [
    [child.stdout, false],
    [child.stderr, true],
  ] as const;
  const closed = streams.map(
    ([stream, toStderr]) =>
      new Promise<void>((resolve) => {
        if (stream === null) return resolve();
        const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
        reader.on("line", (line) => remember(line, toStderr));
        reader.on("close", resolve);
      }),
  );
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          killProcess(child, "SIGKILL", options.detached ?? false);
        }, options.timeoutMs);
  const ended = new Promise<ProcessEnd>((resolve) => {
    child.on("error", (err) => {
      clearTimeout(timer);
      remember(`could not run ${command}: ${err.message}`, true);
      resolve({ code: null, signal: null, tail: [...lines], timedOut });
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      // Wait for the last lines: "exit" can come before the pipes are drained.
      void Promise.all(closed).then(() => resolve({ code, signal, tail: [...lines], timedOut }));
    });
  });
  return { child, ended, tail: () => [...lines] };
}

/** Signals the process, or its whole process group when it was started detached. */
export function killProcess(child: ChildProcess, signal: NodeJS.Signals, group: boolean): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (group) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Gone between the check and the kill.
  }
}

export function runProcess(
  command: string,
  args: string[],
  options: ProcessOptions,
): Promise<ProcessEnd> {
  return startProcess(command, args, options).ended;
}

/** The exit code a shell would report: the code, or 128 + the signal's number. */
export function exitCodeOf(end: Pick<ProcessEnd, "code" | "signal">): number {
  if (end.code !== null) return end.code;
  return end.signal ? 128 + constants.signals[end.signal] : 1;
}
