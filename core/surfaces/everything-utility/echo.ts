// Echo tools: named `echo` (or `<x>_echo`), or described as echoing back their input, with exactly
// one property, a required string. The answer is the reference server's: `Echo: <message>`.
import { pick } from "../kit/seed-values";
import {
  descriptionOf,
  nameWords,
  propertiesOf,
  text,
  toolFunction,
  type UtilityKind,
} from "./kind";

const samples = [
  "Hello from the integration test",
  "Deploy window opens at 14:00 UTC",
  "Ping from the staging client",
  "Checking the connection before the nightly sync",
];
/** Text a wrong escaping or trimming would change. */
const awkward = '  Ünïcödé, emoji 🚀, "quotes" and \\back\\slashes  ';

export const echoKind: UtilityKind = {
  name: "echo",
  matches(tool) {
    const props = propertiesOf(tool);
    const only = props[0];
    if (props.length !== 1 || !only?.required || only.schema.type !== "string") return false;
    const words = nameWords(tool);
    return words.at(-1) === "echo" || /^\s*echo(es)? back\b/i.test(descriptionOf(tool));
  },
  build(tool, context) {
    const arg = propertiesOf(tool)[0]?.name ?? "message";
    const message = pick(context.rnd, samples);
    return {
      effect: "read",
      table: "",
      implementation: (name) =>
        toolFunction(
          name,
          { arg },
          `return { content: [{ type: "text", text: "Echo: " + args[C.arg] }] };`,
        ),
      tests: [
        {
          name: "echoes the message back",
          args: { [arg]: message },
          expect: { result: { content: [text(`Echo: ${message}`)] }, match: "exact" },
        },
        {
          name: "echoes unicode, quotes and spaces unchanged",
          args: { [arg]: awkward },
          expect: { result: { content: [text(`Echo: ${awkward}`)] }, match: "exact" },
        },
      ],
    };
  },
};
