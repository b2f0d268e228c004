// The progress of a running batch on stderr: one bar redrawn in place on a terminal, plain lines
// at most every few seconds otherwise (a log file or CI should not get one line per poll).
import type { z } from "zod";
import type { RolloutProgress } from "../api-schemas";
import type { Output } from "../output";

type Progress = z.infer<typeof RolloutProgress>;

const BAR_WIDTH = 20;
/** Between two plain progress lines, at least this long (the last one is always printed). */
const PLAIN_EVERY_MS = 5000;

/** `[#####---------------] 120/400 done  3 failed  64 running  mean reward 0.81` */
export function progressLine(progress: Progress): string {
  const ended = progress.done + progress.failed + progress.cancelled;
  const filled =
    progress.total === 0 ? BAR_WIDTH : Math.floor((ended / progress.total) * BAR_WIDTH);
  const bar = `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}]`;
  const parts = [
    `${bar} ${progress.done}/${progress.total} done`,
    `${progress.failed} failed`,
    `${progress.running} running`,
  ];
  if (progress.cancelled > 0) parts.push(`${progress.cancelled} cancelled`);
  const reward = progress.meanReward === null ? "-" : progress.meanReward.toFixed(2);
  return `${parts.join("  ")}  mean reward ${reward}`;
}

/** Where the bar is drawn: a terminal stream to redraw on, or the line output. */
export interface ProgressTarget {
  out: Output;
  /** A TTY to redraw one line on; undefined for plain lines through `out.error`. */
  terminal?: { write(text: string): unknown; columns?: number };
}

export class ProgressReporter {
  /** The last line printed in plain mode. */
  #printed = "";
  #lastPrintedAt = Number.NEGATIVE_INFINITY;
  #drawn = false;

  constructor(
    private readonly target: ProgressTarget,
    private readonly now: () => number = Date.now,
  ) {}

  show(progress: Progress): void {
    const line = progressLine(progress);
    const { terminal, out } = this.target;
    if (terminal) {
      const width = terminal.columns ?? 0;
      const fitted = width > 1 ? line.slice(0, width - 1) : line;
      terminal.write(`\r\x1b[2K${fitted}`);
      this.#drawn = true;
    } else if (line !== this.#printed && this.now() - this.#lastPrintedAt >= PLAIN_EVERY_MS) {
      out.error(line);
      this.#printed = line;
      this.#lastPrintedAt = this.now();
    }
  }

  /** Ends the bar: the terminal line is kept; in plain mode the last state is printed. */
  finish(progress: Progress): void {
    const line = progressLine(progress);
    if (this.target.terminal) {
      this.show(progress);
      this.close();
    } else if (line !== this.#printed) {
      this.target.out.error(line);
      this.#printed = line;
    }
  }

  /** Leaves the terminal line drawn so far, so what is printed next starts on a line of its own. */
  close(): void {
    if (this.#drawn) this.target.terminal?.write("\n");
    this.#drawn = false;
  }
}
