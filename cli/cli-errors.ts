// The two errors a command reports to the user, each with its exit code.

/** A problem on the user's side that is not about arguments (an unreadable file): exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}

/** Wrong arguments: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
