// Programmatic templates over the server's numbered resources: loops that open a run of resources
// (or the ones the resource list links to), read each one's creation time out of its text or its
// decoded blob, and count, compare or compress them — a count before a time, the longest wait
// between neighbours, a gzip of the ones created after a time, the total size of their gzips.
import type { DraftTarget } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import {
  clockMinute,
  minuteBetween,
  type ResourceRead,
  readLinks,
  readRange,
  readResource,
  type UtilityContext,
} from "./explore";
import {
  blobDataUri,
  gzipCall,
  linksCall,
  referenceCall,
  textDataUri,
  utilityDraft,
} from "./program";
import {
  between,
  givesAway,
  rangeCount,
  resourceFile,
  resourceFileParts,
  type UtilityTemplate,
  unfit,
} from "./template";

const MAX_RUN = 8;

interface Run {
  type: string;
  from: number;
  to: number;
  reads: ResourceRead[];
  /** `Text Resources 31 through 38` */
  words: string;
}

/** A run of consecutive resources of one type, about as long as the target asks, all read. */
function someRun(ctx: UtilityContext, target: DraftTarget, shortest: number): Run | undefined {
  const r = ctx.lens.reference;
  const type = r ? pick(ctx.rng, r.types) : undefined;
  if (!r || !type) return undefined;
  const wanted = target.chainLength + 1 + between(ctx, 0, 2);
  const length = Math.min(MAX_RUN, r.count, Math.max(shortest, wanted));
  if (length < shortest) return undefined;
  const from = between(ctx, 1, r.count - length + 1);
  const to = from + length - 1;
  const reads = readRange(ctx, type, from, to);
  return reads
    ? { type, from, to, reads, words: `${type} Resources ${from} through ${to}` }
    : undefined;
}

const times = (reads: readonly ResourceRead[]) => reads.map((r) => r.created ?? 0);

/** The loop header every run template opens its resources with. */
function eachResource(ctx: UtilityContext, run: Run): string[] {
  const r = ctx.lens.reference as NonNullable<UtilityContext["lens"]["reference"]>;
  return [
    `for (let id = ${run.from}; id <= ${run.to}; id++) {`,
    `  const found = ${referenceCall(r, lit(run.type), "id")};`,
  ];
}

const runCapacity = (ctx: UtilityContext["lens"]) =>
  ctx.reference ? ctx.reference.types.length * rangeCount(ctx.reference.count, 3, MAX_RUN) : 0;

/** "Of Text Resources 31 through 38, how many were created before 9:25 AM?" */
export const countBeforeTime: UtilityTemplate = {
  name: "count-before-time",
  kind: "programmatic",
  maxWrites: 0,
  capacity: runCapacity,
  build(ctx, target) {
    const run = someRun(ctx, target, 3);
    const cut = run ? minuteBetween(ctx.rng, times(run.reads)) : undefined;
    if (!run || cut === undefined || !ctx.lens.reference) {
      return unfit("no_run", "no run of resources whose times a minute splits");
    }
    const before = ctx.rng.next() < 0.5;
    const n = times(run.reads).filter((t) => (before ? t < cut : t > cut)).length;
    const instruction = `Of ${run.words}, how many were created ${before ? "before" : "after"} ${clockMinute(cut)}?`;
    if (givesAway(instruction, n)) return unfit("answer_in_words", instruction);
    return utilityDraft({
      kind: "programmatic",
      instruction,
      helpers: ["contentOf", "secondsOf"],
      statements: [
        "let n = 0;",
        ...eachResource(ctx, run),
        `  if (secondsOf(contentOf(found)) ${before ? "<" : ">"} ${cut}) n += 1;`,
        "}",
        "return n;",
      ],
      answerMatch: { kind: "numeric", tolerance: 0 },
      hidden: run.reads.map((r) => r.raw),
      tools: [ctx.lens.reference.tool],
      difficulty: { chainLength: run.reads.length, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};

/** "Taking Blob Resources 12 through 18 in order, which one was created the longest after..." */
export const longestWait: UtilityTemplate = {
  name: "longest-wait",
  kind: "programmatic",
  maxWrites: 0,
  capacity: runCapacity,
  build(ctx, target) {
    const run = someRun(ctx, target, 3);
    if (!run || !ctx.lens.reference) return unfit("no_run", "no run of resources to compare");
    const at = times(run.reads);
    const waits = at.slice(1).map((t, i) => t - (at[i] as number));
    const longest = Math.max(...waits);
    if (waits.filter((w) => w === longest).length > 1) {
      return unfit("tie", `two resources of ${run.words} share the longest wait`);
    }
    return utilityDraft({
      kind: "programmatic",
      instruction: `Taking ${run.words} in order, which one was created the longest after the one just before it? Answer with its name.`,
      helpers: ["contentOf", "secondsOf"],
      statements: [
        "let best = null;",
        "let longest = -1;",
        "let previous = null;",
        ...eachResource(ctx, run),
        "  const at = secondsOf(contentOf(found));",
        "  if (previous !== null && at - previous > longest) {",
        "    longest = at - previous;",
        `    best = ${lit(`${run.type} Resource `)} + id;`,
        "  }",
        "  previous = at;",
        "}",
        "return best;",
      ],
      answerMatch: { kind: "exact" },
      hidden: run.reads.map((r) => r.raw),
      tools: [ctx.lens.reference.tool],
      difficulty: { chainLength: run.reads.length, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};

/** The statements that save the resource `found` (a reference result) under its session name. */
function saveFound(ctx: UtilityContext, type: string, indent: string): string[] {
  const gzip = ctx.lens.gzip as NonNullable<UtilityContext["lens"]["gzip"]>;
  const { prefix, suffix } = resourceFileParts(type);
  const name = `${lit(prefix)} + id + ${lit(suffix)}`;
  return [
    `${indent}const res = resourceOf(found);`,
    `${indent}const data = typeof res.text === "string" ? ${textDataUri("res.text")} : ${blobDataUri("res.blob")};`,
    `${indent}const saved = ${gzipCall(gzip, "data", name)};`,
  ];
}

const contentWords = (run: Run) =>
  run.reads[0]?.encoding === "base64" ? "decoded contents" : "text";

const fileWords = (type: string) =>
  `${resourceFile(type, "<number>")}, with the resource's number in place of <number>`;

/** "For each of Text Resources 12 through 16 created after 9:10 AM, save a gzip copy..." */
export const gzipCreatedAfter: UtilityTemplate = {
  name: "gzip-created-after",
  kind: "programmatic",
  maxWrites: MAX_RUN - 1,
  capacity: (lens) => (lens.gzip?.nameArg ? runCapacity(lens) * 2 : 0),
  build(ctx, target) {
    const run = someRun(ctx, target, Math.max(3, target.minWrites + 1));
    const cut = run ? minuteBetween(ctx.rng, times(run.reads)) : undefined;
    const { reference, gzip } = ctx.lens;
    if (!run || cut === undefined || !reference || !gzip?.nameArg) {
      return unfit("no_run", "no run of resources whose times a minute splits");
    }
    const before = ctx.rng.next() < 0.5;
    const chosen = times(run.reads).filter((t) => (before ? t < cut : t > cut)).length;
    if (chosen < Math.max(1, target.minWrites)) {
      return unfit("too_few_writes", `only ${chosen} of ${run.words} would be saved`);
    }
    return utilityDraft({
      kind: "programmatic",
      instruction: `For each of ${run.words} that was created ${before ? "before" : "after"} ${clockMinute(cut)}, save a gzip-compressed copy of its ${contentWords(run)} as a session file named ${fileWords(run.type)}.`,
      helpers: ["resourceOf", "contentOf", "secondsOf"],
      statements: [
        ...eachResource(ctx, run),
        `  if (secondsOf(contentOf(found)) ${before ? ">=" : "<="} ${cut}) continue;`,
        ...saveFound(ctx, run.type, "  "),
        "}",
        "return null;",
      ],
      hidden: run.reads.map((r) => r.raw),
      tools: [reference.tool, gzip.tool],
      difficulty: {
        chainLength: run.reads.length + chosen,
        branching: 2,
        writes: chosen,
        hiddenIds: 0,
      },
    });
  },
};

/** "Save gzip copies of Text Resources 5 through 8 ... and tell me their combined size in bytes." */
export const gzipTotalSize: UtilityTemplate = {
  name: "gzip-total-size",
  kind: "programmatic",
  maxWrites: MAX_RUN,
  capacity: (lens) => (lens.gzip?.nameArg && lens.gzip.outputArg ? runCapacity(lens) : 0),
  build(ctx, target) {
    const run = someRun(ctx, target, Math.max(3, target.minWrites));
    const { reference, gzip } = ctx.lens;
    if (!run || !reference || !gzip?.nameArg || !gzip.outputArg) {
      return unfit("no_run", "no run of resources to compress");
    }
    const instruction = `Save a gzip-compressed copy of the ${contentWords(run)} of each of ${run.words} as a session file named ${fileWords(run.type)}, and tell me the combined size of the compressed files in bytes.`;
    return utilityDraft({
      kind: "programmatic",
      instruction,
      helpers: ["resourceOf", "byteSize"],
      statements: [
        "let total = 0;",
        ...eachResource(ctx, run),
        ...saveFound(ctx, run.type, "  "),
        "  total += byteSize(resourceOf(saved).blob);",
        "}",
        "return total;",
      ],
      answerMatch: { kind: "numeric", tolerance: 0 },
      hidden: run.reads.map((r) => r.raw),
      tools: [reference.tool, gzip.tool],
      difficulty: {
        chainLength: run.reads.length * 2,
        branching: 1,
        writes: run.reads.length,
        hiddenIds: 0,
      },
    });
  },
};

/** "Open each of the first 7 resources the server links to: how many were created after 9:03 AM?" */
export const countLinkedAfter: UtilityTemplate = {
  name: "count-linked-after",
  kind: "programmatic",
  maxWrites: 0,
  capacity(lens) {
    if (!lens.links || !lens.reference) return 0;
    const most = Math.min(lens.links.max, lens.reference.count);
    // About: every count from 2 with all links, and with one type's links only (two or more).
    return Math.max(0, most - 1) * (1 + lens.reference.types.length) - 2;
  },
  build(ctx) {
    const { links, reference } = ctx.lens;
    if (!links || !reference) return unfit("no_links", "no resource links to follow");
    const count = between(ctx, 2, Math.min(links.max, reference.count));
    const only = ctx.rng.next() < 0.5 ? pick(ctx.rng, reference.types) : undefined;
    const linked = readLinks(ctx, count).filter((l) => only === undefined || l.type === only);
    const reads = linked.flatMap((l) => readResource(ctx, l.type, l.id) ?? []);
    const cut = reads.length >= 2 ? minuteBetween(ctx.rng, times(reads)) : undefined;
    if (cut === undefined || reads.length !== linked.length) {
      return unfit("no_links", `too few linked resources whose times a minute splits`);
    }
    const after = ctx.rng.next() < 0.5;
    const n = times(reads).filter((t) => (after ? t > cut : t < cut)).length;
    const when = `${after ? "after" : "before"} ${clockMinute(cut)}`;
    const instruction =
      only === undefined
        ? `Open each of the first ${count} resources the server links to and tell me how many of them were created ${when}.`
        : `Among the ${only.toLowerCase()} resources in the server's first ${count} resource links, how many were created ${when}? Open each of them to find out.`;
    if (givesAway(instruction, n)) return unfit("answer_in_words", instruction);
    return utilityDraft({
      kind: "programmatic",
      instruction,
      helpers: ["blocksOf", "contentOf", "secondsOf"],
      statements: [
        `const listed = blocksOf(${linksCall(links, count)}).filter((b) => b.type === "resource_link");`,
        "let n = 0;",
        "for (const link of listed) {",
        "  const named = /^(\\w+) Resource (\\d+)$/.exec(link.name);",
        only === undefined
          ? "  if (!named) continue;"
          : `  if (!named || named[1] !== ${lit(only)}) continue;`,
        `  const found = ${referenceCall(reference, "named[1]", "Number(named[2])")};`,
        `  if (secondsOf(contentOf(found)) ${after ? ">" : "<"} ${cut}) n += 1;`,
        "}",
        "return n;",
      ],
      answerMatch: { kind: "numeric", tolerance: 0 },
      hidden: reads.map((r) => r.raw),
      tools: [links.tool, reference.tool],
      difficulty: { chainLength: 1 + reads.length, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};
