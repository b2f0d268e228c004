// The launcher's child processes: output kept line by line, exit codes as a shell reports them,
// and a deadline that kills a process (and its group) that hangs.
import { describe, expect, it } from "vitest";
import { exitCodeOf, runProcess } from "../../cli/dev/run-process";
import { emptyDir } from "./cli-fake-api";

const node = (script: string) => [process.execPath, ["-e", script]] as const;

describe("runProcess", () => {
  it("keeps stdout and stderr lines and the exit code", async () => {
    const [command, args] = node(
      'console.log("one\\ntwo"); console.error("three"); process.exit(3)',
    );
    const end = await runProcess(command, [...args], { cwd: emptyDir(), echo: false });
    expect(end.code).toBe(3);
    expect(end.timedOut).toBe(false);
    expect([...end.tail].sort()).toEqual(["one", "three", "two"]);
  });

  it("kills a process group that outlives its deadline", async () => {
    const [command, args] = node('console.log("started"); setTimeout(() => {}, 60_000)');
    const end = await runProcess(command, [...args], {
      cwd: emptyDir(),
      echo: false,
      detached: true,
      timeoutMs: 300,
    });
    expect(end).toMatchObject({ code: null, signal: "SIGKILL", timedOut: true, tail: ["started"] });
  });

  it("reports a command that cannot start", async () => {
    const end = await runProcess("/nonexistent/binary", [], { cwd: emptyDir(), echo: false });
    expect(end.code).toBeNull();
    expect(end.tail[0]).toMatch(/^could not run \/nonexistent\/binary: .*ENOENT/);
  });
});

describe("exitCodeOf", () => {
  it("is the code, or 128 + the signal number", () => {
    expect(exitCodeOf({ code: 0, signal: null })).toBe(0);
    expect(exitCodeOf({ code: null, signal: "SIGINT" })).toBe(130);
    expect(exitCodeOf({ code: null, signal: "SIGTERM" })).toBe(143);
    expect(exitCodeOf({ code: null, signal: null })).toBe(1);
  });
});
