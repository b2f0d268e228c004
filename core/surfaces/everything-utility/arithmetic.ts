// Arithmetic tools: exactly two required numeric properties and a description naming the operation
// on two numbers ("Returns the sum of two numbers", "Multiplies two numbers"). The answer is the
// reference server's sentence: `The sum of 2.5 and -4 is -1.5.`
import type { ToolTest } from "../../environment/spec";
import {
  descriptionOf,
  isNumeric,
  propertiesOf,
  text,
  toolFunction,
  type UtilityKind,
} from "./kind";

type Operation = "sum" | "product" | "difference";

const operations: ReadonlyArray<[RegExp, Operation]> = [
  [/\b(sum|adds?|addition)\b/i, "sum"],
  [/\b(product|multipl(y|ies|ication))\b/i, "product"],
  [/\b(difference|subtracts?|subtraction)\b/i, "difference"],
];

function operationOf(description: string): Operation | undefined {
  if (!/\btwo numbers\b/i.test(description)) return undefined;
  return operations.find(([pattern]) => pattern.test(description))?.[1];
}

function apply(op: Operation, a: number, b: number): number {
  if (op === "sum") return a + b;
  if (op === "product") return a * b;
  return a - b;
}

/** Pairs a wrong operator, a lost sign or an integer-only parse would get wrong. */
const pairs: ReadonlyArray<[string, number, number]> = [
  ["whole numbers", 17, 25],
  ["decimals", 0.1, 0.2],
  ["negatives", -7.5, 3.25],
];

export const arithmeticKind: UtilityKind = {
  name: "arithmetic",
  matches(tool) {
    const props = propertiesOf(tool);
    if (props.length !== 2 || !props.every((p) => p.required && isNumeric(p.schema))) return false;
    return operationOf(descriptionOf(tool)) !== undefined;
  },
  build(tool) {
    const op = operationOf(descriptionOf(tool)) ?? "sum";
    const [a = "a", b = "b"] = propertiesOf(tool).map((p) => p.name);
    const integer = propertiesOf(tool).some((p) => p.schema.type === "integer");
    const tests: ToolTest[] = pairs
      .filter(([, x, y]) => !integer || (Number.isInteger(x) && Number.isInteger(y)))
      .map(([label, x, y]) => ({
        name: `the ${op} of ${label}`,
        args: { [a]: x, [b]: y },
        expect: {
          result: { content: [text(`The ${op} of ${x} and ${y} is ${apply(op, x, y)}.`)] },
          match: "exact",
        },
      }));
    return {
      effect: "read",
      table: "",
      implementation: (name) =>
        toolFunction(
          name,
          { a, b, op },
          `const x = args[C.a];
  const y = args[C.b];
  const r = C.op === "sum" ? x + y : C.op === "product" ? x * y : x - y;
  return { content: [{ type: "text", text: "The " + C.op + " of " + x + " and " + y + " is " + r + "." }] };`,
        ),
      tests,
    };
  },
};
