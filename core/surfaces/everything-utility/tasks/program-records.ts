// Programmatic templates over the server's small records and settings: a total over the lookup's
// readings that pass a test, added up with the server's own calculator; the key with the highest
// or lowest reading; and switching settings on when a switch only flips and says which way it went.

import type { Json } from "../../../base/json";
import { pick, shuffled } from "../../../tasks/graph-walk/graph-random";
import { humanize } from "../../../tasks/phrasing/words";
import { lit } from "../../../tasks/programs/program-code";
import { splitThreshold } from "../../../tasks/programs/program-values";
import { readRecord, type UtilityContext } from "./explore";
import type { UtilityLens } from "./lens";
import { echoCall, lookupCall, sumCall, utilityDraft } from "./program";
import { givesAway, type UtilityTemplate, unfit } from "./template";

/** Which readings a total keeps: every one, or those a test on one field passes. */
interface Filter {
  /** `whose temperature is above 35`; empty for every reading. */
  words: string;
  /** The test as JavaScript over `record`. */
  code: string;
  keep(record: JsonRecord): boolean;
}

type JsonRecord = { [key: string]: Json };

/** A test on a field that keeps some readings and drops others, or every reading. */
function someFilter(
  ctx: UtilityContext,
  lookup: NonNullable<UtilityLens["lookup"]>,
  records: JsonRecord[],
): Filter | undefined {
  const field = pick(ctx.rng, [undefined, ...lookup.numeric, ...lookup.text]);
  if (field === undefined) return { words: "", code: "true", keep: () => true };
  const values = records.map((r) => r[field]);
  const name = humanize(field);
  const is = name.endsWith("s") ? "are" : "is";
  if (lookup.text.includes(field)) {
    const dropped = pick(
      ctx.rng,
      [...new Set(values)].filter((v) => typeof v === "string"),
    );
    if (typeof dropped !== "string") return undefined;
    return {
      words: `whose ${name} ${is} not "${dropped}"`,
      code: `record[${lit(field)}] !== ${lit(dropped)}`,
      keep: (r) => r[field] !== dropped,
    };
  }
  if (!values.every(isNumber)) return undefined;
  const threshold = splitThreshold(ctx.rng, values);
  if (threshold === undefined) return undefined;
  const above = ctx.rng.next() < 0.5;
  const passes = (v: Json | undefined) =>
    typeof v === "number" && (above ? v > threshold : v < threshold);
  return {
    words: `whose ${name} ${is} ${above ? "above" : "below"} ${threshold}`,
    code: `record[${lit(field)}] ${above ? ">" : "<"} ${threshold}`,
    keep: (r) => passes(r[field]),
  };
}

/**
 * "Of New York, Chicago and Los Angeles, what is the total humidity of those whose temperature is
 * below 50? Add the values with the server's calculator."
 */
export const totalWhere: UtilityTemplate = {
  name: "total-where",
  kind: "programmatic",
  maxWrites: 0,
  capacity(lens) {
    const lookup = lens.lookup;
    if (!lookup) return 0;
    // About: a total of each field over every key, or over those a test on a field keeps.
    const fields = lookup.numeric.length + lookup.text.length;
    return lookup.numeric.length * (1 + fields * Math.max(0, lookup.keys.length - 2));
  },
  build(ctx) {
    const { lookup, sum } = ctx.lens;
    const field = lookup ? pick(ctx.rng, lookup.numeric) : undefined;
    if (!lookup || !field) return unfit("no_record", "no numeric reading to total");
    const records = lookup.keys.map((k) => readRecord(ctx, k) ?? {});
    if (!records.every((r) => isNumber(r[field])))
      return unfit("no_record", "a reading is missing");
    const filter = someFilter(ctx, lookup, records);
    const kept = records.filter((r) => filter?.keep(r));
    if (!filter || kept.length < 2 || (filter.words !== "" && kept.length === records.length)) {
      return unfit("no_filter", "no test keeps two readings or more and drops one");
    }
    const total = kept.reduce((t, r) => t + Number(r[field]), 0);
    const measure = `total ${humanize(field)}`;
    const question =
      filter.words === ""
        ? `What is the ${measure} of ${listKeys(lookup.keys)}?`
        : `Of ${listKeys(lookup.keys)}, what is the ${measure} of those ${filter.words}?`;
    const instruction = `${question}${sum ? " Add the values with the server's calculator." : ""}`;
    if (givesAway(instruction, total)) return unfit("answer_in_words", instruction);
    const add = sum ? `resultNumber(${sumCall(sum, "total", "value")})` : "total + value";
    return utilityDraft({
      kind: "programmatic",
      instruction,
      helpers: sum ? ["recordOf", "resultNumber"] : ["recordOf"],
      statements: [
        "let total = null;",
        `for (const key of ${lit(lookup.keys)}) {`,
        `  const record = recordOf(${lookupCall(lookup, "key")});`,
        `  if (!(${filter.code})) continue;`,
        `  const value = record[${lit(field)}];`,
        `  total = total === null ? value : ${add};`,
        "}",
        "return total;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: records.map((r) => r[field] ?? null),
      tools: sum ? [lookup.tool, sum.tool] : [lookup.tool],
      difficulty: {
        chainLength: lookup.keys.length + (sum ? kept.length - 1 : 0),
        branching: 2,
        writes: 0,
        hiddenIds: 0,
      },
    });
  },
};

const isNumber = (v: Json | undefined): v is number => typeof v === "number";

const listKeys = (keys: readonly string[]) =>
  keys.length <= 2 ? keys.join(" and ") : `${keys.slice(0, -1).join(", ")} and ${keys.at(-1)}`;

/**
 * "Which of New York, Chicago and Los Angeles has the highest temperature? Have the server repeat
 * back the line "Highest temperature: <name>"..." The loop keeps the best reading so far; the
 * echo makes each field and direction its own chain of calls.
 */
export const extremeReading: UtilityTemplate = {
  name: "extreme-reading",
  kind: "programmatic",
  maxWrites: 0,
  capacity: (lens) => (lens.lookup && lens.echo ? lens.lookup.numeric.length * 2 : 0),
  build(ctx) {
    const { lookup, echo } = ctx.lens;
    const field = lookup ? pick(ctx.rng, lookup.numeric) : undefined;
    if (!lookup || !echo || !field) return unfit("no_record", "no numeric reading to compare");
    const values = lookup.keys.map((k) => readRecord(ctx, k)?.[field]);
    if (!values.every(isNumber) || values.length < 2) {
      return unfit("no_record", "a reading is missing");
    }
    const highest = ctx.rng.next() < 0.5;
    const best = highest ? Math.max(...values) : Math.min(...values);
    if (values.filter((v) => v === best).length > 1) {
      return unfit(
        "tie",
        `two ${lookup.arg} values share the ${highest ? "highest" : "lowest"} ${field}`,
      );
    }
    const label = `${highest ? "Highest" : "Lowest"} ${humanize(field)}`;
    return utilityDraft({
      kind: "programmatic",
      instruction: `Which of ${listKeys(lookup.keys)} has the ${label.toLowerCase()}? Have the server repeat back the line "${label}: <name>" with its name filled in, and tell me exactly what it replied.`,
      helpers: ["recordOf", "textOf"],
      statements: [
        "let best = null;",
        "let bestValue = null;",
        `for (const key of ${lit(lookup.keys)}) {`,
        `  const value = recordOf(${lookupCall(lookup, "key")})[${lit(field)}];`,
        `  if (bestValue === null || value ${highest ? ">" : "<"} bestValue) { best = key; bestValue = value; }`,
        "}",
        `return textOf(${echoCall(echo, `${lit(`${label}: `)} + best`)});`,
      ],
      answerMatch: { kind: "exact" },
      hidden: values,
      tools: [lookup.tool, echo.tool],
      difficulty: { chainLength: lookup.keys.length + 1, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};

/**
 * "Make sure simulated logging and subscriber updates are both switched on." A switch only flips
 * its setting and says whether it started or stopped, so the program flips again on "Stopped".
 */
export const switchAllOn: UtilityTemplate = {
  name: "switch-all-on",
  kind: "programmatic",
  maxWrites: 8,
  capacity(lens) {
    const n = lens.toggles.length;
    return n >= 2 ? 2 ** n - n - 1 : 0;
  },
  build(ctx, target) {
    const toggles = ctx.lens.toggles;
    const size = 2 + Math.floor(ctx.rng.next() * Math.max(1, toggles.length - 1));
    const chosen = shuffled(ctx.rng, toggles)
      .slice(0, size)
      .sort((a, b) => toggles.indexOf(a) - toggles.indexOf(b));
    if (chosen.length < Math.max(2, target.minWrites)) {
      return unfit("no_toggle", `too few settings to switch for ${target.minWrites} writes`);
    }
    const words = chosen.map((t) => t.words);
    const both = words.length === 2 ? "both" : "all";
    return utilityDraft({
      kind: "programmatic",
      instruction: `Make sure ${listKeys(words)} are ${both} switched on.`,
      helpers: ["textOf"],
      statements: [
        `for (const tool of ${lit(chosen.map((t) => t.tool))}) {`,
        "  for (let tries = 0; tries < 2; tries++) {",
        "    if (/^\\s*Started\\b/i.test(textOf(ctx.call(tool, {})))) break;",
        "  }",
        "}",
        "return null;",
      ],
      hidden: [],
      tools: chosen.map((t) => t.tool),
      difficulty: { chainLength: chosen.length, branching: 2, writes: chosen.length, hiddenIds: 0 },
    });
  },
};
