// The exploration side of utility task synthesis: reading the server through its own tools on the
// attempt's fresh copy (a resource's content and creation time, a lookup record, the environment,
// the resource links), and the clock-time words instructions use. Nothing here writes.

import type { Json } from "../../../base/json";
import { base64ToBytes } from "../../../episode/sql-values";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { UtilityLens } from "./lens";

export interface UtilityContext {
  lens: UtilityLens;
  rng: Prng;
  runner: ToolRunner;
}

export interface ResourceRead {
  id: number;
  type: string;
  /** The server's name for it: `Text Resource 42`. */
  name: string;
  /** The embedded resource's text, or its blob decoded as UTF-8. */
  content: string;
  /** The raw text or base64 blob, as the reference answered it. */
  raw: string;
  /** Whether the reference answered a text or a base64 blob. */
  encoding: "text" | "base64";
  /** Seconds after midnight of the "created at" time in its content, if it states one. */
  created: number | undefined;
}

type JsonRecord = { [key: string]: Json };

const isRecord = (v: Json | undefined): v is JsonRecord =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function call(ctx: UtilityContext, tool: string, args: Record<string, Json>): JsonRecord | null {
  const outcome = ctx.runner.call(tool, args);
  return outcome.ok && isRecord(outcome.result) ? outcome.result : null;
}

function blocks(result: JsonRecord | null): JsonRecord[] {
  const content = result?.content;
  return Array.isArray(content) ? content.filter(isRecord) : [];
}

/** The text blocks of a CallToolResult, joined by newlines. */
export function textOf(result: JsonRecord | null): string {
  return blocks(result)
    .map((b) => (b.type === "text" && typeof b.text === "string" ? b.text : ""))
    .filter((t) => t !== "")
    .join("\n");
}

/** `Text Resource 42`, as the server names a resource in its links. */
export const resourceName = (type: string, id: number) => `${type} Resource ${id}`;

/** One resource through the reference tool, or undefined when the server does not answer it. */
export function readResource(
  ctx: UtilityContext,
  type: string,
  id: number,
): ResourceRead | undefined {
  const tool = ctx.lens.reference;
  if (!tool) return undefined;
  const result = call(ctx, tool.tool, { [tool.idArg]: id, [tool.typeArg]: type });
  const resource = blocks(result).find((b) => b.type === "resource")?.resource;
  if (!isRecord(resource)) return undefined;
  const raw =
    typeof resource.text === "string"
      ? resource.text
      : typeof resource.blob === "string"
        ? resource.blob
        : undefined;
  if (raw === undefined) return undefined;
  const content =
    typeof resource.text === "string" ? raw : new TextDecoder().decode(base64ToBytes(raw));
  return {
    id,
    type,
    name: resourceName(type, id),
    content,
    raw,
    encoding: typeof resource.text === "string" ? "text" : "base64",
    created: createdAt(content),
  };
}

/** Resources `from`..`to` of one type, or undefined when any of them cannot be read. */
export function readRange(
  ctx: UtilityContext,
  type: string,
  from: number,
  to: number,
): ResourceRead[] | undefined {
  const out: ResourceRead[] = [];
  for (let id = from; id <= to; id++) {
    const read = readResource(ctx, type, id);
    if (!read || read.created === undefined) return undefined;
    out.push(read);
  }
  return out;
}

const CLOCK = /(\d{1,2}):(\d{2}):(\d{2})\s*([AP]M)/i;

/** Seconds after midnight of the first `9:04:31 AM` in `text`. */
export function createdAt(text: string): number | undefined {
  const m = CLOCK.exec(text);
  if (!m) return undefined;
  const [, h, min, s, half] = m;
  const hour = (Number(h) % 12) + (half?.toUpperCase() === "PM" ? 12 : 0);
  return hour * 3600 + Number(min) * 60 + Number(s);
}

/** The clock time as the resource states it: `9:04:31 AM`. */
export function clockIn(text: string): string | undefined {
  return CLOCK.exec(text)?.[0];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A whole minute as people write it: `9:25 AM`. */
export function clockMinute(seconds: number): string {
  const h = Math.floor(seconds / 3600) % 24;
  const m = Math.floor(seconds / 60) % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * A whole minute strictly between two neighbouring creation times (a threshold a user would
 * say), leaving at least one time on each side; undefined when no such minute exists.
 */
export function minuteBetween(rng: Prng, times: readonly number[]): number | undefined {
  const sorted = [...new Set(times)].sort((a, b) => a - b);
  const cuts: number[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const lo = sorted[i] as number;
    const hi = sorted[i + 1] as number;
    const minute = Math.floor(lo / 60) * 60 + 60;
    if (minute > lo && minute < hi) cuts.push(minute);
  }
  return cuts.length === 0 ? undefined : cuts[Math.floor(rng.next() * cuts.length)];
}

/** A lookup record's fields (`{temperature, conditions, humidity}`), from its structured content. */
export function readRecord(ctx: UtilityContext, key: string): JsonRecord | undefined {
  const lookup = ctx.lens.lookup;
  if (!lookup) return undefined;
  const result = call(ctx, lookup.tool, { [lookup.arg]: key });
  const structured = result?.structuredContent;
  if (isRecord(structured)) return structured;
  try {
    const parsed = JSON.parse(textOf(result)) as Json;
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The server's environment variables, in the order it lists them. */
export function readEnvironment(ctx: UtilityContext): Array<[string, string]> {
  const env = ctx.lens.env;
  if (!env) return [];
  try {
    const parsed = JSON.parse(textOf(call(ctx, env.tool, {}))) as Json;
    if (!isRecord(parsed)) return [];
    return Object.entries(parsed).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : []));
  } catch {
    return [];
  }
}

/** `Blob Resource 7` -> Blob, 7. */
const NAMED = /^(\w+) Resource (\d+)$/;

/** The resources the links tool lists for `count`: their type and number, from their names. */
export function readLinks(ctx: UtilityContext, count: number): Array<{ type: string; id: number }> {
  const links = ctx.lens.links;
  if (!links) return [];
  return blocks(call(ctx, links.tool, { [links.countArg]: count })).flatMap((b) => {
    const m = b.type === "resource_link" && typeof b.name === "string" ? NAMED.exec(b.name) : null;
    return m?.[1] && m[2] ? [{ type: m[1], id: Number(m[2]) }] : [];
  });
}
