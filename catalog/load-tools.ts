// Reads a catalog environment's tools: `<dir>/<name>.js` holds `export default function
// <name>(args, ctx) {...}`; the sandbox takes the bare function, so the export is stripped here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolMeta, ToolSpecInput } from "./tool-meta";

export function loadTools(dir: string, metas: Readonly<Record<string, ToolMeta>>): ToolSpecInput[] {
  return Object.entries(metas).map(([name, meta]) => ({
    name,
    ...meta,
    implementation: implementationOf(join(dir, `${name}.js`), name),
  }));
}

export function implementationOf(path: string, name: string): string {
  const source = readFileSync(path, "utf8");
  const header = `export default function ${name}(`;
  if (!source.startsWith(header)) {
    throw new Error(`${path} must start with \`${header}args, ctx) {\``);
  }
  return source.slice("export default ".length).trim();
}
