// Graph templates for bases: each names a base, a table and a record the way a user sees them (the
// base's name, the table's name, the record's primary value); the chain finds the base's id in the
// base list, the record's id through a formula filter, and feeds them to the write or the read:
// set a select, a number or a checkbox, point a link at another record, comment on a record, add
// a record linked to another, or read one field.

import { type BasesContext, linkedTable, nameable, noun, quotable, type SeenBase } from "./explore";
import { callWith } from "./lens";
import { basesDraft, equalsFormula, findRecord } from "./program";
import {
  type BasesTemplate,
  type Candidate,
  fieldsOfType,
  givesAway,
  linkOf,
  namedRecords,
  numberOf,
  quoted,
  spoken,
  toolOf,
  unfit,
} from "./template";
import { COMMENTS, NEW_RECORDS } from "./words";

const article = (word: string) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;

import { lit } from "../../../tasks/programs/program-code";

const FOUND = { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 };

/** The chain's opening: the base's id, then the named record. */
const opening = (base: SeenBase, table: string, primary: string, name: string) => [
  `const baseId = baseIdOf(${lit(base.name)});`,
  findRecord("record", table, primary, name),
];

/** A graph write of one record's fields, found by name. */
function fieldWrite(
  ctx: BasesContext,
  parts: { base: SeenBase; table: string; primary: string; record: { id: string; name: string } },
  fields: Record<string, string | number | boolean | string[]>,
  instruction: string,
) {
  const update = toolOf(ctx, "update_records");
  return basesDraft(ctx.lens, {
    kind: "graph",
    instruction,
    helpers: ["baseIdOf", "recordNamed"],
    statements: [
      ...opening(parts.base, parts.table, parts.primary, parts.record.name),
      `${callWith(update, { base: "baseId", table: lit(parts.table), records: `[{ id: record.id, fields: ${lit(fields)} }]` })};`,
      "return null;",
    ],
    hidden: [parts.base.id, parts.record.id],
    tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name, update.name],
    difficulty: FOUND,
  });
}

/** "In the Product Roadmap base, set the Status of the feature "..." to "Done"." */
export const setSelect: BasesTemplate = {
  name: "set-select",
  kind: "graph",
  roles: ["update_records"],
  candidates(ctx, account) {
    return namedRecords(account).flatMap(({ base, table, record }) =>
      fieldsOfType(table, "singleSelect").flatMap((field) =>
        field.choices
          .filter((c) => c !== record.fields[field.name] && quotable(c))
          .map(
            (choice): Candidate => ({
              writes: 1,
              draft: () =>
                fieldWrite(
                  ctx,
                  { base, table: table.name, primary: table.primary.name, record },
                  { [field.name]: choice },
                  ctx.rng.next() < 0.5
                    ? `In the ${base.name} base, set the ${field.name} of the ${noun(table)} ${quoted(record.name)} to ${quoted(choice)}.`
                    : `The ${noun(table)} ${quoted(record.name)} in ${base.name} should now have the ${field.name} ${quoted(choice)}. Please update it.`,
                ),
            }),
          ),
      ),
    );
  },
};

/** "Change the Estimate of the feature "..." in the Product Roadmap base to 8." */
export const setNumber: BasesTemplate = {
  name: "set-number",
  kind: "graph",
  roles: ["update_records"],
  candidates(ctx, account) {
    return namedRecords(account).flatMap(({ base, table, record }) =>
      fieldsOfType(table, "number", "currency").flatMap((field) => {
        const now = numberOf(record, field);
        // A step a user would choose: $2,500 of money, or one unit of the number's second digit.
        const digits = String(Math.trunc(Math.abs(now ?? 1))).length;
        const step = field.type === "currency" ? 2500 : 10 ** Math.max(0, digits - 2);
        const values =
          now === undefined ? [3 * step, 5 * step] : [now + step, now + 2 * step, now - step];
        return values
          .filter((v) => v > 0)
          .map(
            (value): Candidate => ({
              writes: 1,
              draft: () =>
                fieldWrite(
                  ctx,
                  { base, table: table.name, primary: table.primary.name, record },
                  { [field.name]: value },
                  `Change the ${field.name} of the ${noun(table)} ${quoted(record.name)} in the ${base.name} base to ${spoken(field, value)}.`,
                ),
            }),
          );
      }),
    );
  },
};

/** "Tick "Customer request" on the feature "..." in the Product Roadmap base." */
export const toggleCheckbox: BasesTemplate = {
  name: "toggle-checkbox",
  kind: "graph",
  roles: ["update_records"],
  candidates(ctx, account) {
    return namedRecords(account).flatMap(({ base, table, record }) =>
      fieldsOfType(table, "checkbox").map((field): Candidate => {
        const ticked = record.fields[field.name] === true;
        return {
          writes: 1,
          draft: () =>
            fieldWrite(
              ctx,
              { base, table: table.name, primary: table.primary.name, record },
              { [field.name]: !ticked },
              ticked
                ? `Untick ${quoted(field.name)} on the ${noun(table)} ${quoted(record.name)} in the ${base.name} base.`
                : `Tick ${quoted(field.name)} on the ${noun(table)} ${quoted(record.name)} in the ${base.name} base.`,
            ),
        };
      }),
    );
  },
};

/** "In the Sales CRM base, change the Primary contact of the deal "..." to the contact "..."." */
export const relink: BasesTemplate = {
  name: "relink",
  kind: "graph",
  roles: ["update_records"],
  candidates(ctx, account) {
    return namedRecords(account).flatMap(({ base, table, record }) =>
      fieldsOfType(table, "multipleRecordLinks")
        .filter((f) => f.singleLink)
        .flatMap((field) => {
          const target = linkedTable(base, field);
          if (!target) return [];
          return nameable(target)
            .filter((other) => other.id !== linkOf(record, field))
            .map(
              (other): Candidate => ({
                writes: 1,
                draft: () => {
                  const update = toolOf(ctx, "update_records");
                  return basesDraft(ctx.lens, {
                    kind: "graph",
                    instruction: `In the ${base.name} base, change the ${field.name} of the ${noun(table)} ${quoted(record.name)} to the ${noun(target)} ${quoted(other.name)}.`,
                    helpers: ["baseIdOf", "recordNamed"],
                    statements: [
                      ...opening(base, table.name, table.primary.name, record.name),
                      findRecord("other", target.name, target.primary.name, other.name),
                      `${callWith(update, { base: "baseId", table: lit(table.name), records: `[{ id: record.id, fields: { ${lit(field.name)}: [other.id] } }]` })};`,
                      "return null;",
                    ],
                    hidden: [base.id, record.id, other.id],
                    tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name, update.name],
                    difficulty: { chainLength: 4, branching: 0, writes: 1, hiddenIds: 3 },
                  });
                },
              }),
            );
        }),
    );
  },
};

/** "Add a comment to the deal "..." in the Sales CRM base: "..."" */
export const commentOn: BasesTemplate = {
  name: "comment-on",
  kind: "graph",
  roles: ["create_comment"],
  candidates(ctx, account) {
    return namedRecords(account).flatMap(({ base, table, record }) =>
      COMMENTS.map(
        (text): Candidate => ({
          writes: 1,
          draft: () => {
            const comment = toolOf(ctx, "create_comment");
            return basesDraft(ctx.lens, {
              kind: "graph",
              instruction: `Add a comment to the ${noun(table)} ${quoted(record.name)} in the ${base.name} base saying ${quoted(text)}.`,
              helpers: ["baseIdOf", "recordNamed"],
              statements: [
                ...opening(base, table.name, table.primary.name, record.name),
                `${callWith(comment, { base: "baseId", table: lit(table.name), record: "record.id", text: lit(text) })};`,
                "return null;",
              ],
              hidden: [base.id, record.id],
              tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name, comment.name],
              difficulty: FOUND,
            });
          },
        }),
      ),
    );
  },
};

/** "In the Sales CRM base, add a contact "..." and link it to the company "..."." */
export const addLinked: BasesTemplate = {
  name: "add-linked",
  kind: "graph",
  roles: ["create_record"],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) => {
        const names = (NEW_RECORDS[table.name] ?? []).filter(
          (n) => quotable(n) && !table.records.some((r) => r.name === n),
        );
        return fieldsOfType(table, "multipleRecordLinks")
          .filter((f) => f.singleLink)
          .flatMap((field) => {
            const target = linkedTable(base, field);
            if (!target) return [];
            return nameable(target).flatMap((other) =>
              names.map(
                (name): Candidate => ({
                  writes: 1,
                  draft: () => {
                    const create = toolOf(ctx, "create_record");
                    const fields = `{ ${lit(table.primary.name)}: ${lit(name)}, ${lit(field.name)}: [other.id] }`;
                    return basesDraft(ctx.lens, {
                      kind: "graph",
                      instruction: `In the ${base.name} base, add ${article(noun(table))} ${quoted(name)} with the ${noun(target)} ${quoted(other.name)} as its ${field.name}.`,
                      helpers: ["baseIdOf", "recordNamed"],
                      statements: [
                        `const baseId = baseIdOf(${lit(base.name)});`,
                        findRecord("other", target.name, target.primary.name, other.name),
                        `${callWith(create, { base: "baseId", table: lit(table.name), fields })};`,
                        "return null;",
                      ],
                      hidden: [base.id, other.id],
                      tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name, create.name],
                      difficulty: FOUND,
                    });
                  },
                }),
              ),
            );
          });
      }),
    );
  },
};

const READABLE = [
  "singleLineText",
  "email",
  "phoneNumber",
  "url",
  "number",
  "currency",
  "singleSelect",
  "date",
];

/** "What is the Close date of the deal "..." in the Sales CRM base?" */
export const readField: BasesTemplate = {
  name: "read-field",
  kind: "graph",
  roles: [],
  candidates(ctx, account) {
    return namedRecords(account).flatMap(({ base, table, record }) =>
      fieldsOfType(table, ...READABLE)
        .filter(
          (f) =>
            typeof record.fields[f.name] === "string" || typeof record.fields[f.name] === "number",
        )
        .map(
          (field): Candidate => ({
            writes: 0,
            draft: () => {
              const answer = record.fields[field.name] ?? null;
              const instruction =
                field.type === "number" && /[^s]s$/.test(field.name)
                  ? `How many ${field.name} does the ${noun(table)} ${quoted(record.name)} in the ${base.name} base have?`
                  : `What is the ${field.name} of the ${noun(table)} ${quoted(record.name)} in the ${base.name} base?`;
              if (givesAway(instruction, answer))
                return unfit("no_answer", "the answer is in the question");
              return basesDraft(ctx.lens, {
                kind: "graph",
                instruction,
                helpers: ["baseIdOf", "recordNamed"],
                statements: [
                  `const baseId = baseIdOf(${lit(base.name)});`,
                  `const record = recordNamed(baseId, ${lit(table.name)}, ${lit(equalsFormula(table.primary.name, record.name))});`,
                  `return record.fields[${lit(field.name)}];`,
                ],
                answerMatch:
                  typeof answer === "number"
                    ? { kind: "numeric", tolerance: 1e-9 }
                    : { kind: "exact" },
                hidden: [base.id, record.id],
                tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name],
                difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
              });
            },
          }),
        ),
    );
  },
};
