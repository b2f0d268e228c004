// Graph templates over the server's small records: a lookup's reading for one key (a city's
// temperature, conditions, humidity), its environment variables, and its settings' confirmations.
// Each chain reads a value the instruction does not give and passes it on: into an echo, into the
// sum of two readings, into a gzip of the reading's text.
import { pick, shuffled } from "../../../tasks/graph-walk/graph-random";
import { humanize } from "../../../tasks/phrasing/words";
import { lit } from "../../../tasks/programs/program-code";
import { readEnvironment, readRecord } from "./explore";
import { echoCall, gzipCall, lookupCall, sumCall, textDataUri, utilityDraft } from "./program";
import { type UtilityTemplate, unfit } from "./template";

const SIZE_QUESTION = "then tell me how many bytes the compressed file takes.";
const REPLY = "Tell me exactly what it replied.";

/** `New York` -> `new-york`, for file names. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "record";

/** "and"-joined words: `temperature and conditions`. */
const listed = (words: readonly string[]) =>
  words.length <= 1
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/** "Look up the temperature and conditions for Chicago, then have the server repeat back..." */
export const echoReading: UtilityTemplate = {
  name: "echo-reading",
  kind: "graph",
  maxWrites: 0,
  capacity(lens) {
    const f = lens.lookup ? lens.lookup.numeric.length + lens.lookup.text.length : 0;
    return lens.lookup && lens.echo ? lens.lookup.keys.length * (f + (f * (f - 1)) / 2) : 0;
  },
  build(ctx) {
    const { lookup, echo } = ctx.lens;
    const key = lookup ? pick(ctx.rng, lookup.keys) : undefined;
    const record = key ? readRecord(ctx, key) : undefined;
    if (!lookup || !echo || key === undefined || !record) return unfit("no_record", "no reading");
    const all = [...lookup.numeric, ...lookup.text].filter((f) => record[f] !== undefined);
    const fields = shuffled(ctx.rng, all)
      .slice(0, 1 + Math.floor(ctx.rng.next() * 2))
      .sort((a, b) => all.indexOf(a) - all.indexOf(b));
    if (fields.length === 0) return unfit("no_record", "the reading has no fields");
    const line = `${key}: ${fields.map((f) => `${humanize(f)} <${humanize(f)}>`).join(", ")}`;
    const message = [
      lit(`${key}: `),
      ...fields.map((f, i) => `${lit(`${i > 0 ? ", " : ""}${humanize(f)} `)} + record[${lit(f)}]`),
    ].join(" + ");
    return utilityDraft({
      kind: "graph",
      instruction: `Look up the current ${listed(fields.map(humanize))} for ${key}, then have the server repeat back the line "${line}" with the real ${fields.length > 1 ? "values" : "value"} filled in. ${REPLY}`,
      helpers: ["recordOf", "textOf"],
      statements: [
        `const record = recordOf(${lookupCall(lookup, lit(key))});`,
        `return textOf(${echoCall(echo, message)});`,
      ],
      answerMatch: { kind: "exact" },
      hidden: fields.map((f) => record[f] ?? null),
      tools: [lookup.tool, echo.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
    });
  },
};

/** "What is the combined humidity of New York and Chicago? Add them with the server's calculator." */
export const sumReadings: UtilityTemplate = {
  name: "sum-readings",
  kind: "graph",
  maxWrites: 0,
  capacity(lens) {
    const k = lens.lookup?.keys.length ?? 0;
    return lens.lookup && lens.sum ? ((k * (k - 1)) / 2) * lens.lookup.numeric.length : 0;
  },
  build(ctx) {
    const { lookup, sum } = ctx.lens;
    const field = lookup ? pick(ctx.rng, lookup.numeric) : undefined;
    const pair = lookup
      ? shuffled(ctx.rng, lookup.keys)
          .slice(0, 2)
          .sort((a, b) => lookup.keys.indexOf(a) - lookup.keys.indexOf(b))
      : [];
    const [first, second] = pair;
    if (!lookup || !sum || !field || first === undefined || second === undefined) {
      return unfit("no_record", "no two readings to add");
    }
    const a = readRecord(ctx, first)?.[field];
    const b = readRecord(ctx, second)?.[field];
    if (typeof a !== "number" || typeof b !== "number") {
      return unfit("no_record", `no ${field} for ${first} and ${second}`);
    }
    return utilityDraft({
      kind: "graph",
      instruction: `What is the combined ${humanize(field)} of ${first} and ${second}? Look both up and add them with the server's calculator, then answer with the total.`,
      helpers: ["recordOf", "resultNumber"],
      statements: [
        `const a = recordOf(${lookupCall(lookup, lit(first))})[${lit(field)}];`,
        `const b = recordOf(${lookupCall(lookup, lit(second))})[${lit(field)}];`,
        `return resultNumber(${sumCall(sum, "a", "b")});`,
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [a, b],
      tools: [lookup.tool, sum.tool],
      difficulty: { chainLength: 3, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
};

/** "Save the reading the server reports for Chicago, as the JSON text it answers, as ..." */
export const gzipReading: UtilityTemplate = {
  name: "gzip-reading",
  kind: "graph",
  maxWrites: 1,
  capacity: (lens) => (lens.lookup && lens.gzip ? lens.lookup.keys.length : 0),
  build(ctx) {
    const { lookup, gzip } = ctx.lens;
    const key = lookup ? pick(ctx.rng, lookup.keys) : undefined;
    const record = key ? readRecord(ctx, key) : undefined;
    if (!lookup || !gzip || key === undefined || !record) return unfit("no_record", "no reading");
    const file = `${slug(key)}.json.gz`;
    const fields = listed([...lookup.numeric, ...lookup.text].map(humanize));
    const answers = gzip.outputArg !== null;
    return utilityDraft({
      kind: "graph",
      instruction: `Look up the current ${fields} for ${key} and save the server's answer, as the JSON text it gives, as a gzip-compressed session file${gzip.nameArg ? ` named ${file}` : ""}${answers ? `, ${SIZE_QUESTION}` : "."}`,
      helpers: answers ? ["textOf", "resourceOf", "byteSize"] : ["textOf"],
      statements: [
        `const reading = textOf(${lookupCall(lookup, lit(key))});`,
        `const saved = ${gzipCall(gzip, textDataUri("reading"), lit(file))};`,
        answers ? "return byteSize(resourceOf(saved).blob);" : "return null;",
      ],
      ...(answers ? { answerMatch: { kind: "numeric", tolerance: 0 } } : {}),
      hidden: Object.values(record),
      tools: [lookup.tool, gzip.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};

/** "Read the server's environment and have it repeat back the line "HOME is <value>"..." */
export const echoVariable: UtilityTemplate = {
  name: "echo-variable",
  kind: "graph",
  maxWrites: 0,
  capacity: (lens) => (lens.env && lens.echo ? lens.env.variables : 0),
  build(ctx) {
    const { env, echo } = ctx.lens;
    const variable = pick(ctx.rng, readEnvironment(ctx));
    if (!env || !echo || !variable) return unfit("no_variable", "no environment variable");
    const [name, value] = variable;
    return utilityDraft({
      kind: "graph",
      instruction: `Read the server's environment variables and have the server repeat back the line "${name} is <value>" with the value of its ${name} variable filled in. ${REPLY}`,
      helpers: ["textOf"],
      statements: [
        `const env = JSON.parse(textOf(ctx.call(${lit(env.tool)}, {})));`,
        `return textOf(${echoCall(echo, `${lit(`${name} is `)} + env[${lit(name)}]`)});`,
      ],
      answerMatch: { kind: "exact" },
      hidden: [value],
      tools: [env.tool, echo.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
    });
  },
};

/** "Save the value of the server's PATH environment variable as path.txt.gz, then..." */
export const gzipVariable: UtilityTemplate = {
  name: "gzip-variable",
  kind: "graph",
  maxWrites: 1,
  capacity: (lens) => (lens.env && lens.gzip ? lens.env.variables : 0),
  build(ctx) {
    const { env, gzip } = ctx.lens;
    const variable = pick(ctx.rng, readEnvironment(ctx));
    if (!env || !gzip || !variable) return unfit("no_variable", "no environment variable");
    const [name, value] = variable;
    const file = `${slug(name)}.txt.gz`;
    const answers = gzip.outputArg !== null;
    return utilityDraft({
      kind: "graph",
      instruction: `Save the value of the server's ${name} environment variable as a gzip-compressed session file${gzip.nameArg ? ` named ${file}` : ""}${answers ? `, ${SIZE_QUESTION}` : "."}`,
      helpers: answers ? ["textOf", "resourceOf", "byteSize"] : ["textOf"],
      statements: [
        `const env = JSON.parse(textOf(ctx.call(${lit(env.tool)}, {})));`,
        `const saved = ${gzipCall(gzip, textDataUri(`env[${lit(name)}]`), lit(file))};`,
        answers ? "return byteSize(resourceOf(saved).blob);" : "return null;",
      ],
      ...(answers ? { answerMatch: { kind: "numeric", tolerance: 0 } } : {}),
      hidden: [value],
      tools: [env.tool, gzip.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};

/**
 * "Switch on simulated logging, then have the server repeat back the session id its confirmation
 * names." Exploring would have to flip the setting, so the chain is checked by validation alone:
 * the program fails (and the candidate is dropped) if the confirmation names no session.
 */
export const echoSession: UtilityTemplate = {
  name: "echo-session",
  kind: "graph",
  maxWrites: 1,
  capacity: (lens) => (lens.echo ? lens.toggles.length : 0),
  build(ctx) {
    const { echo } = ctx.lens;
    const toggle = pick(ctx.rng, ctx.lens.toggles);
    if (!echo || !toggle) return unfit("no_toggle", "no setting to switch");
    return utilityDraft({
      kind: "graph",
      instruction: `Switch on ${toggle.words}, then have the server repeat back the session id that its confirmation names. ${REPLY}`,
      helpers: ["textOf"],
      statements: [
        `const confirmation = textOf(ctx.call(${lit(toggle.tool)}, {}));`,
        "const session = /session ([0-9a-f][0-9a-f-]{7,})/i.exec(confirmation)[1];",
        `return textOf(${echoCall(echo, "session")});`,
      ],
      answerMatch: { kind: "exact" },
      hidden: [],
      tools: [toggle.tool, echo.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};
