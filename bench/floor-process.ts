// Starts the floor server (floor-server.ts) as a child process, so it has a core of its own to
// compete for like the platform's processes do, and waits for the port it reports over IPC.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const READY_TIMEOUT_MS = 30_000;
const ReadyMessage = z.object({ port: z.number().int().positive() });

export interface FloorServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export function startFloorServer(
  root: string,
  specPath: string,
  databasePath: string,
): Promise<FloorServer> {
  const entry = fileURLToPath(new URL("./floor-server.ts", import.meta.url));
  const child = fork(entry, [specPath, databasePath], {
    cwd: root,
    // The TypeScript loader, explicitly: not whatever flags this process happened to start with.
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the floor server did not start within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`the floor server exited before it was ready (${signal ?? `code ${code}`})`),
      );
    });
    child.once("message", (message) => {
      clearTimeout(timer);
      const ready = ReadyMessage.safeParse(message);
      if (!ready.success) {
        child.kill("SIGKILL");
        return reject(new Error("the floor server sent an unexpected message"));
      }
      resolve({ baseUrl: `http://127.0.0.1:${ready.data.port}`, stop: () => stopChild(child) });
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
