// Template "branch": look a record up, compare one of its numbers with a threshold the instruction
// gives (the record's value is not in the instruction, so the agent must read it), and answer one
// field or another, or make one write or another. The threshold falls on a random side of the value.
import type { Json } from "../../base/json";
import type { Prng } from "../../sandbox/determinism";
import type { GeneratorContext } from "../draft";
import { fieldKey, humanize } from "../phrasing/words";
import type { ToolProfile } from "../tool-profile";
import { type Anchor, describeAnchor, nounOf, requiredInputs } from "./program-anchor";
import { access, callCode, lit } from "./program-code";
import { matchFor } from "./program-fields";
import { chooseNewValue, spoken } from "./program-new-value";
import { fieldPhrase } from "./program-phrases";
import { failed, type PlanAttempt, type ProgramTemplate } from "./program-plan";
import {
  identifierNamed,
  isRecord,
  type JsonRecord,
  mentions,
  roundBetween,
  scalarPaths,
  shuffle,
} from "./program-values";

interface Looked {
  tool: ToolProfile;
  input: string;
  anchor: Anchor;
  record: JsonRecord;
  /** The numeric field tested, its value and the threshold. */
  field: string;
  threshold: number;
  above: boolean;
}

export const branchTemplate: ProgramTemplate = {
  name: "branch",
  writes: false,
  build(ctx) {
    for (const looked of lookUps(ctx, 2)) {
      const attempt = branchRead(ctx, looked);
      if (attempt) return attempt;
    }
    return failed("no_alternatives", "no record had a number to test and two texts to choose from");
  },
};

function branchRead(ctx: GeneratorContext, looked: Looked): PlanAttempt | undefined {
  // Texts first; numbers (other than the one tested) when the record has too few texts.
  const answers = scalarPaths(looked.record).filter(
    (f) =>
      f.path !== looked.field &&
      (typeof f.value === "number" || (f.value.trim() !== "" && f.value.length <= 80)) &&
      !identifierNamed(ctx, f.path.split(".").pop() ?? "") &&
      !mentions(looked.anchor.phrase, f.value),
  );
  const texts = answers.filter((f) => typeof f.value === "string");
  const [first, second] = shuffle(ctx.rng, texts.length >= 2 ? texts : answers);
  if (!first || !second || first.value === second.value) return undefined;
  const { tool, anchor, field, threshold, above } = looked;
  const answer = above ? first.value : second.value;
  const instruction =
    `Look up ${anchor.phrase}. If its ${fieldPhrase(tool, field)} is above ${threshold}, ` +
    `tell me its ${fieldPhrase(tool, first.path)}; otherwise tell me its ${fieldPhrase(tool, second.path)}.`;
  if (mentions(instruction, first.value) || mentions(instruction, second.value)) return undefined;
  return {
    ok: true,
    plan: {
      template: "branch",
      instruction,
      statements: [
        ...lookupStatements(looked),
        `if (${access("record", field)} > ${lit(threshold)}) {`,
        `  return ${access("record", first.path)};`,
        "}",
        `return ${access("record", second.path)};`,
      ],
      expected: answer,
      answerMatch: matchFor(answer),
      calls: anchor.calls + 1,
      branching: 1,
      writes: 0,
      hidden: anchor.hidden,
      tools: [...anchor.tools, tool.name],
    },
  };
}

export const branchWriteTemplate: ProgramTemplate = {
  name: "branch-write",
  writes: true,
  build(ctx) {
    for (const looked of lookUps(ctx, 1)) {
      const attempt = branchWrite(ctx, looked);
      if (attempt) return attempt;
    }
    return failed("no_write", "no looked-up record had a write to choose between two values");
  },
};

function branchWrite(ctx: GeneratorContext, looked: Looked): PlanAttempt | undefined {
  const { tool, anchor, record, field, threshold, above } = looked;
  const ids = new Map(
    Object.keys(record)
      .filter((name) => identifierNamed(ctx, name))
      .map((name) => [fieldKey(name), name]),
  );
  const fields = new Map(Object.keys(record).map((name) => [fieldKey(name), name]));
  const anchorKey = fieldKey(looked.input);
  for (const write of shuffle(
    ctx.rng,
    ctx.graph.tools.filter((t) => t.effect === "write"),
  )) {
    const args: [string, string, Json][] = [];
    for (const input of requiredInputs(write)) {
      const own = ids.get(input.key);
      if (input.key === anchorKey) args.push([input.name, anchor.expr, anchor.value]);
      else if (own) args.push([input.name, access("record", own), record[own] ?? null]);
    }
    if (
      args.length !== requiredInputs(write).length ||
      !args.some(([name]) => fieldKey(name) === anchorKey)
    ) {
      continue;
    }
    const setter = shuffle(ctx.rng, write.inputs).find(
      (i) =>
        !i.required &&
        !i.identifier &&
        (i.type === "string" || i.type === "number" || i.type === "integer") &&
        fields.has(i.key) &&
        fields.get(i.key) !== field,
    );
    const current = setter ? record[fields.get(setter.key) ?? ""] : undefined;
    if (!setter || current === undefined) continue;
    const ifAbove = chooseNewValue(ctx, write, setter, [current]);
    const otherwise =
      ifAbove === undefined ? undefined : chooseNewValue(ctx, write, setter, [current, ifAbove]);
    if (ifAbove === undefined || otherwise === undefined) continue;
    const instruction =
      `If the ${fieldPhrase(tool, field)} of ${anchor.phrase} is above ${threshold}, set its ` +
      `${humanize(setter.name)} to ${spoken(ifAbove)}; otherwise set it to ${spoken(otherwise)}.`;
    const hidden = [
      ...anchor.hidden,
      ...args.map(([, , v]) => v).filter((v) => v !== anchor.value),
    ];
    if (hidden.some((id) => mentions(instruction, id))) continue;
    const callArgs = Object.fromEntries(args.map(([name, , v]) => [name, v]));
    const outcome = ctx.runner.call(write.name, {
      ...callArgs,
      [setter.name]: above ? ifAbove : otherwise,
    });
    // A refused call writes nothing (calls are all-or-nothing): try another write.
    if (!outcome.ok) continue;
    const code = args.map(([name, expr]) => [name, expr] as [string, string]);
    return {
      ok: true,
      plan: {
        template: "branch-write",
        instruction,
        statements: [
          ...lookupStatements(looked),
          `if (${access("record", field)} > ${lit(threshold)}) {`,
          `  ${callCode(write.name, [...code, [setter.name, lit(ifAbove)]])};`,
          "  return { changed: 1 };",
          "}",
          `${callCode(write.name, [...code, [setter.name, lit(otherwise)]])};`,
          "return { changed: 1 };",
        ],
        expected: { changed: 1 },
        calls: anchor.calls + 2,
        branching: 1,
        writes: 1,
        hidden,
        tools: [...anchor.tools, tool.name, write.name],
      },
    };
  }
  return undefined;
}

function lookupStatements(looked: Looked): string[] {
  return [
    ...looked.anchor.statements,
    `const record = ${callCode(looked.tool.name, [[looked.input, looked.anchor.expr]])};`,
  ];
}

/** One-input record lookups (`get_order`) with a numeric field to test; `minCalls` with the anchor. */
function* lookUps(ctx: GeneratorContext, minCalls: number): Generator<Looked, void, undefined> {
  const tools = ctx.graph.tools.filter((t) => {
    const required = requiredInputs(t);
    const only = required[0];
    return (
      t.effect === "read" &&
      t.verb !== "list" &&
      t.verb !== "search" &&
      required.length === 1 &&
      only?.identifier === true &&
      nounOf(only, ctx.graph.keys) !== undefined
    );
  });
  for (const tool of shuffle(ctx.rng, tools).slice(0, 6)) {
    const input = requiredInputs(tool)[0];
    if (!input) continue;
    for (const value of ctx.sampler.candidates(tool, input, 2, ctx.rng)) {
      const anchor = describeAnchor(ctx, input, value, tool.name);
      if (!anchor || anchor.calls + 1 < minCalls) continue;
      const outcome = ctx.runner.call(tool.name, { [input.name]: value });
      if (!outcome.ok || !isRecord(outcome.result)) continue;
      const record = outcome.result;
      const numbers = scalarPaths(record).filter(
        (f) => typeof f.value === "number" && !identifierNamed(ctx, f.path.split(".").pop() ?? ""),
      );
      for (const { path, value: v } of shuffle(ctx.rng, numbers)) {
        const split = thresholdNear(ctx.rng, v as number);
        if (!split) continue;
        yield { tool, input: input.name, anchor, record, field: path, ...split };
        break;
      }
      break;
    }
  }
}

/** A round threshold on a random side of `value`: `above` says whether the value exceeds it. */
function thresholdNear(
  rng: Prng,
  value: number,
): { threshold: number; above: boolean } | undefined {
  const span = Math.max(Math.abs(value) * 0.5, 1);
  const above = rng.next() < 0.5;
  const threshold = above ? roundBetween(value - span, value) : roundBetween(value, value + span);
  return threshold === undefined || threshold < 0 ? undefined : { threshold, above };
}
