// The `agent-world` command (started by cli/bin.mjs): runs the CLI on this process's arguments.
import { runCli } from "./run-cli";

// `agent-world env list | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: {
    print: (text) => process.stdout.write(`${text}\n`),
    error: (text) => process.stderr.write(`${text}\n`),
  },
});
process.exitCode = code;
