// Runs the project's own wrangler (the pinned 4.86) with this Node, never a global one.
import { join } from "node:path";

export function wranglerCommand(root: string, args: string[]): [string, string[]] {
  return [
    process.execPath,
    [join(root, "node_modules", "wrangler", "bin", "wrangler.js"), ...args],
  ];
}
