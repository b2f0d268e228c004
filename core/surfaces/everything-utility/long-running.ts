// Long-running operations: a name with the words `long` and `running` or a description about a
// long running operation, whose properties are only numeric `duration` and/or `steps`. Nothing
// sleeps: the call answers at once with the reference server's completion text, and the progress
// notifications the server would have sent (`{progress, total}` per step) are recorded in the
// result's `_meta.progressNotifications`. More than 1,000 steps is refused (the per-call budget).

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import {
  descriptionOf,
  isNumeric,
  nameWords,
  numberDefault,
  propertiesOf,
  text,
  toolFunction,
  type UtilityKind,
} from "./kind";

export const MAX_STEPS = 1000;

function fieldsOk(tool: Parameters<UtilityKind["matches"]>[0]): boolean {
  const fields = propertiesOf(tool);
  return (
    fields.length > 0 &&
    fields.every(
      (f) => (f.name === "duration" || f.name === "steps") && isNumeric(f.schema) && !f.required,
    )
  );
}

/** What the reference server answers (its loop runs i = 1 while i < steps + 1). */
export function longRunningResult(duration: number, steps: number): Json {
  const progress: Json[] = [];
  for (let i = 1; i < steps + 1; i++) progress.push({ progress: i, total: steps });
  return {
    content: [
      text(`Long running operation completed. Duration: ${duration} seconds, Steps: ${steps}.`),
    ],
    _meta: { progressNotifications: progress },
  };
}

export const longRunningKind: UtilityKind = {
  name: "long-running",
  matches(tool) {
    const words = nameWords(tool);
    const named = words.includes("long") && words.includes("running");
    return (named || /\blong[- ]running operation\b/i.test(descriptionOf(tool))) && fieldsOk(tool);
  },
  build(tool) {
    const fields = propertiesOf(tool);
    const schemaOf = (name: string) => fields.find((f) => f.name === name)?.schema;
    const C = {
      duration: numberDefault(schemaOf("duration"), 10),
      steps: numberDefault(schemaOf("steps"), 5),
      maxSteps: MAX_STEPS,
    };
    const has = (name: string) => schemaOf(name) !== undefined;
    const tests: ToolTest[] = [
      {
        name: "completes with the default duration and steps",
        args: {},
        expect: { result: longRunningResult(C.duration, C.steps), match: "exact" },
      },
    ];
    if (has("duration") && has("steps")) {
      tests.push({
        name: "records one progress notification per step",
        args: { duration: 3, steps: 3 },
        expect: { result: longRunningResult(3, 3), match: "exact" },
      });
    }
    if (has("steps")) {
      tests.push({
        name: "refuses more steps than a call can record",
        args: { steps: MAX_STEPS + 1 },
        expect: { error: { code: "invalid_argument" }, match: "exact" },
      });
    }
    return {
      effect: "read",
      table: "",
      implementation: (name) =>
        toolFunction(
          name,
          C,
          `const duration = args.duration === undefined ? C.duration : args.duration;
  const steps = args.steps === undefined ? C.steps : args.steps;
  if (steps > C.maxSteps) return ctx.fail("invalid_argument", "steps must be at most " + C.maxSteps + " here: each step is recorded in the result", { steps: steps });
  const progress = [];
  for (let i = 1; i < steps + 1; i++) progress.push({ progress: i, total: steps });
  return {
    content: [{ type: "text", text: "Long running operation completed. Duration: " + duration + " seconds, Steps: " + steps + "." }],
    _meta: { progressNotifications: progress },
  };`,
        ),
      tests,
    };
  },
};
