// Emitting the JavaScript of solution programs: literals, property access and call arguments are
// written with JSON.stringify, so any field or tool name (spaces, quotes, `__`) stays valid code.
import type { Json } from "../../base/json";

/** A JSON value as a JavaScript literal. */
export function lit(value: Json): string {
  return JSON.stringify(value);
}

/** `base["a"][0]["b"]` for the dotted path `a.[0].b`; `base` for the empty path. */
export function access(base: string, path: string): string {
  if (path === "") return base;
  return path
    .split(".")
    .reduce(
      (code, segment) =>
        /^\[\d+\]$/.test(segment) ? `${code}${segment}` : `${code}[${JSON.stringify(segment)}]`,
      base,
    );
}

/** An object literal from `[argument name, expression code]` pairs. */
export function objectCode(entries: readonly (readonly [string, string])[]): string {
  return `{ ${entries.map(([name, code]) => `${JSON.stringify(name)}: ${code}`).join(", ")} }`;
}

/** `ctx.call("tool", { ... })` */
export function callCode(tool: string, entries: readonly (readonly [string, string])[]): string {
  return `ctx.call(${JSON.stringify(tool)}, ${objectCode(entries)})`;
}

/** The program as the sandbox expects it: one function expression `(args, ctx) => { ... }`. */
export function functionSource(statements: readonly string[]): string {
  const body = statements.flatMap((s) => s.split("\n")).map((line) => `  ${line}`);
  return `(args, ctx) => {\n${body.join("\n")}\n}`;
}
