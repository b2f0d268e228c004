// The solution side of utility task synthesis: the JavaScript a program needs to read the MCP
// CallToolResults these tools answer (text blocks, an embedded resource's text or base64 blob, a
// "created at" clock time, the number closing "The sum of a and b is c."), the calls themselves
// written from the lens, and the draft every template returns. Helpers are emitted only when a
// program uses them, so each stored solution reads on its own.
import type { TaskDraft } from "../../../tasks/draft";
import { callCode, functionSource, lit } from "../../../tasks/programs/program-code";
import type { TaskKind } from "../../../tasks/task";
import type { UtilityLens } from "./lens";

type Helper =
  | "blocksOf"
  | "textOf"
  | "fromBase64"
  | "resourceOf"
  | "contentOf"
  | "clockOf"
  | "secondsOf"
  | "byteSize"
  | "resultNumber"
  | "recordOf";

const HELPERS: Record<Helper, { needs: Helper[]; code: string }> = {
  blocksOf: {
    needs: [],
    code: "const blocksOf = (r) => (r && Array.isArray(r.content) ? r.content : []);",
  },
  textOf: {
    needs: ["blocksOf"],
    code: 'const textOf = (r) => blocksOf(r).filter((b) => b.type === "text").map((b) => b.text).join("\\n");',
  },
  fromBase64: {
    needs: [],
    code: [
      "const fromBase64 = (s) => {",
      '  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";',
      '  let acc = 0, bits = 0, escaped = "";',
      "  for (const ch of s) {",
      "    const v = alphabet.indexOf(ch);",
      "    if (v < 0) continue;",
      "    acc = ((acc << 6) | v) & 0xffffff;",
      "    bits += 6;",
      '    if (bits >= 8) { bits -= 8; escaped += "%" + ((acc >> bits) & 255).toString(16).padStart(2, "0"); }',
      "  }",
      "  return decodeURIComponent(escaped);",
      "};",
    ].join("\n"),
  },
  resourceOf: {
    needs: ["blocksOf"],
    code: 'const resourceOf = (r) => blocksOf(r).find((b) => b.type === "resource").resource;',
  },
  contentOf: {
    needs: ["resourceOf", "fromBase64"],
    code: 'const contentOf = (r) => { const res = resourceOf(r); return typeof res.text === "string" ? res.text : fromBase64(res.blob); };',
  },
  clockOf: {
    needs: [],
    code: String.raw`const clockOf = (text) => /(\d{1,2}):(\d{2}):(\d{2})\s*([AP]M)/i.exec(text)[0];`,
  },
  secondsOf: {
    needs: [],
    code: [
      "const secondsOf = (text) => {",
      String.raw`  const m = /(\d{1,2}):(\d{2}):(\d{2})\s*([AP]M)/i.exec(text);`,
      '  const hour = (Number(m[1]) % 12) + (m[4].toUpperCase() === "PM" ? 12 : 0);',
      "  return hour * 3600 + Number(m[2]) * 60 + Number(m[3]);",
      "};",
    ].join("\n"),
  },
  byteSize: {
    needs: [],
    code: 'const byteSize = (base64) => Math.floor((base64.replace(/=+$/, "").length * 3) / 4);',
  },
  resultNumber: {
    needs: ["textOf"],
    code: String.raw`const resultNumber = (r) => Number(/(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\.?\s*$/i.exec(textOf(r))[1]);`,
  },
  recordOf: {
    needs: ["textOf"],
    code: "const recordOf = (r) => (r.structuredContent !== undefined ? r.structuredContent : JSON.parse(textOf(r)));",
  },
};

/** The helpers' code, each after the ones it uses. */
function helperCode(wanted: readonly Helper[]): string[] {
  const out: Helper[] = [];
  const add = (h: Helper) => {
    if (out.includes(h)) return;
    for (const need of HELPERS[h].needs) add(need);
    out.push(h);
  };
  for (const h of wanted) add(h);
  return out.map((h) => HELPERS[h].code);
}

export interface ProgramParts {
  helpers: Helper[];
  statements: string[];
}

/** A program: its helpers, then its statements. */
export function program(parts: ProgramParts): string {
  return functionSource([...helperCode(parts.helpers), ...parts.statements]);
}

type Lens<K extends keyof UtilityLens> = NonNullable<UtilityLens[K]>;

export const referenceCall = (r: Lens<"reference">, typeCode: string, idCode: string) =>
  callCode(r.tool, [
    [r.idArg, idCode],
    [r.typeArg, typeCode],
  ]);

export const echoCall = (e: Lens<"echo">, messageCode: string) =>
  callCode(e.tool, [[e.arg, messageCode]]);

export const sumCall = (s: Lens<"sum">, aCode: string, bCode: string) =>
  callCode(s.tool, [
    [s.a, aCode],
    [s.b, bCode],
  ]);

export const lookupCall = (l: Lens<"lookup">, keyCode: string) =>
  callCode(l.tool, [[l.arg, keyCode]]);

export const linksCall = (l: Lens<"links">, count: number) =>
  callCode(l.tool, [[l.countArg, lit(count)]]);

/** A gzip call that answers the compressed resource itself when the tool can be asked to. */
export function gzipCall(g: Lens<"gzip">, dataCode: string, nameCode: string): string {
  const entries: Array<[string, string]> = [[g.dataArg, dataCode]];
  if (g.nameArg) entries.push([g.nameArg, nameCode]);
  if (g.outputArg) entries.push([g.outputArg, lit("resource")]);
  return callCode(g.tool, entries);
}

/** A `data:` URI of a text (percent-encoded) or of a base64 blob as it stands. */
export const textDataUri = (textCode: string) =>
  `"data:text/plain;charset=utf-8," + encodeURIComponent(${textCode})`;
export const blobDataUri = (base64Code: string) => `"data:text/plain;base64," + ${base64Code}`;

export interface UtilityDraftParts extends ProgramParts {
  kind: TaskKind;
  instruction: string;
  answerMatch?: TaskDraft["answerMatch"];
  hidden: TaskDraft["hidden"];
  tools: string[];
  difficulty: TaskDraft["difficulty"];
}

export function utilityDraft(parts: UtilityDraftParts): TaskDraft {
  return {
    kind: parts.kind,
    instruction: parts.instruction,
    program: program(parts),
    ...(parts.answerMatch ? { answerMatch: parts.answerMatch } : {}),
    hidden: parts.hidden,
    tools: [...new Set(parts.tools)],
    difficulty: parts.difficulty,
    // Every utility chain feeds a value only an earlier call revealed into a later call.
    ...(parts.kind === "graph" ? { dependentCalls: 1 } : {}),
  };
}
