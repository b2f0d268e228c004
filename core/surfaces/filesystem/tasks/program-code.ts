// The JavaScript file-system solutions are made of: calls through the lens's tools (their text
// result is `.content`), and small helpers that read the servers' listings as a user would — the
// files of a directory, sorted sizes, glob matches, a recursive tree, the last-modified day.

import { callCode, lit } from "../../../tasks/programs/program-code";
import type { FsLens } from "./lens";

/** `ctx.call("tool", { ... }).content`, the arguments given as code. */
export function textCall(tool: string, args: Record<string, string>): string {
  return `${callCode(tool, Object.entries(args))}.content`;
}

/** Helpers by name; a program declares the ones its statements use. */
export const HELPERS = {
  lines:
    'const lines = (text) => { const all = text.split("\\n"); if (all[all.length - 1] === "") all.pop(); return all; };',
  listedFiles:
    'const listedFiles = (listing) => listing.split("\\n").filter((l) => l.startsWith("[FILE] ")).map((l) => l.slice(7));',
  // list_directory_with_sizes pads each name to 30 characters and the size to 10.
  sizedFiles:
    'const sizedFiles = (listing) => listing.split("\\n").filter((l) => l.startsWith("[FILE] ")).map((l) => l.slice(7, l.length - 11).trimEnd());',
  matches: 'const matches = (found) => (found === "No matches found" ? [] : found.split("\\n"));',
  treeFiles: [
    "const treeFiles = (tree, at) => {",
    "  const out = [];",
    "  const walk = (nodes, dir) => {",
    '    for (const node of nodes) if (node.type === "directory") walk(node.children, dir + "/" + node.name); else out.push(dir + "/" + node.name);',
    "  };",
    "  walk(JSON.parse(tree), at);",
    "  return out;",
    "};",
  ].join("\n"),
  modifiedDay: [
    "const modifiedDay = (info) => {",
    "  const m = /^modified: \\w+ (\\w{3}) (\\d{2}) (\\d{4})/m.exec(info);",
    '  const month = "JanFebMarAprMayJunJulAugSepOctNovDec".indexOf(m[1]) / 3 + 1;',
    '  return m[3] + "-" + (month < 10 ? "0" : "") + month + "-" + m[2];',
    "};",
  ].join("\n"),
  sizeOf: "const sizeOf = (info) => Number(/^size: (\\d+)$/m.exec(info)[1]);",
  nameOf: 'const nameOf = (path) => path.slice(path.lastIndexOf("/") + 1);',
} as const;

export type Helper = keyof typeof HELPERS;

export function helpers(...names: Helper[]): string[] {
  return names.map((n) => HELPERS[n]);
}

/**
 * A statement replacing the first `oldCode` in the file at `pathCode` by `newCode` (all code):
 * an edit when the server has one, else the whole text (`textCode`) written back.
 */
export function replaceOnce(
  lens: FsLens,
  pathCode: string,
  textCode: string,
  oldCode: string,
  newCode: string,
): string {
  if (lens.edit) {
    return `${callCode(lens.edit, [
      ["path", pathCode],
      ["edits", `[{ oldText: ${oldCode}, newText: ${newCode} }]`],
    ])};`;
  }
  return `${callCode(lens.write ?? "", [
    ["path", pathCode],
    ["content", `${textCode}.replace(${oldCode}, () => ${newCode})`],
  ])};`;
}

/** `ctx.call(write, { path, content })` as a statement. */
export function writeFile(lens: FsLens, pathCode: string, contentCode: string): string {
  return `${callCode(lens.write ?? "", [
    ["path", pathCode],
    ["content", contentCode],
  ])};`;
}

/** `ctx.call(mkdir, { path })` as a statement. */
export function makeDirectory(lens: FsLens, path: string): string {
  return `${callCode(lens.mkdir ?? "", [["path", lit(path)]])};`;
}
