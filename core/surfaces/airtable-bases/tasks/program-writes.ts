// Programmatic templates that change bases: for every record a condition picks (a select value, a
// ticked checkbox, a link to a named record), set a select to a value, ten records per call as the
// server allows; leave the same comment on each; delete those that lack a value; and add a field
// and fill it from other fields (a checkbox ticked where a number reaches a threshold, a currency
// that is an amount weighted by a percentage). Writes are verified by the state they leave.
import type { Json } from "../../../base/json";
import { lit } from "../../../tasks/programs/program-code";
import {
  type BasesContext,
  linkedTable,
  nameable,
  noun,
  quotable,
  type SeenBase,
  type SeenRecord,
  type SeenTable,
} from "./explore";
import { callWith } from "./lens";
import { basesDraft, equalsFormula } from "./program";
import {
  type BasesTemplate,
  type Candidate,
  fieldsOfType,
  linkOf,
  numberOf,
  quoted,
  spoken,
  toolOf,
} from "./template";
import { CHECKBOX_NAMES, COMMENTS } from "./words";

interface Picker {
  /** `whose Status is "Planned"` */
  words: string;
  formula: string;
  test(r: SeenRecord): boolean;
  /** The named record a link condition needs (its id is hidden). */
  owner?: { table: SeenTable; record: SeenRecord };
}

/** Conditions that pick some records of a table: a select value, a checkbox, a link. */
function pickers(base: SeenBase, table: SeenTable): Picker[] {
  const out: Picker[] = [];
  for (const f of fieldsOfType(table, "singleSelect")) {
    for (const v of f.choices.filter(quotable)) {
      out.push({
        words: `whose ${f.name} is ${quoted(v)}`,
        formula: equalsFormula(f.name, v),
        test: (r) => r.fields[f.name] === v,
      });
    }
  }
  for (const f of fieldsOfType(table, "checkbox")) {
    out.push({
      words: `marked ${quoted(f.name)}`,
      formula: `{${f.name}}`,
      test: (r) => r.fields[f.name] === true,
    });
  }
  for (const f of fieldsOfType(table, "multipleRecordLinks").filter((x) => x.singleLink)) {
    const target = linkedTable(base, f);
    if (!target) continue;
    for (const owner of nameable(target)) {
      out.push({
        words: `linked to the ${noun(target)} ${quoted(owner.name)}`,
        formula: equalsFormula(f.name, owner.name),
        test: (r) => linkOf(r, f) === owner.id,
        owner: { table: target, record: owner },
      });
    }
  }
  return out;
}

const batches = (n: number) => Math.ceil(n / 10);

/** Statements leaving the picked records in `picked`. */
const pickedCode = (ctx: BasesContext, base: SeenBase, table: SeenTable, p: Picker) => [
  `const baseId = baseIdOf(${lit(base.name)});`,
  `const picked = ${callWith(ctx.lens.list_records, { base: "baseId", table: lit(table.name), filterByFormula: lit(p.formula) })}.records;`,
];

/** "In the Product Roadmap base, for every feature whose Status is "Planned", set the Priority to "P1"." */
export const bulkSelect: BasesTemplate = {
  name: "bulk-select",
  kind: "programmatic",
  roles: ["update_records"],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) =>
        pickers(base, table).flatMap((p) => {
          const picked = table.records.filter(p.test);
          if (picked.length < 2 || picked.length === table.records.length) return [];
          return fieldsOfType(table, "singleSelect").flatMap((field) =>
            field.choices
              .filter((w) => quotable(w) && !p.formula.startsWith(`{${field.name}}`))
              .flatMap((w): Candidate[] => {
                const changed = picked.filter((r) => r.fields[field.name] !== w);
                if (changed.length < 1) return [];
                return [
                  {
                    writes: batches(changed.length),
                    draft: () => {
                      const update = toolOf(ctx, "update_records");
                      return basesDraft(ctx.lens, {
                        kind: "programmatic",
                        instruction: `In the ${base.name} base, set the ${field.name} of every ${noun(table)} ${p.words} to ${quoted(w)}.`,
                        helpers: ["baseIdOf", "updateAll"],
                        statements: [
                          ...pickedCode(ctx, base, table, p),
                          "const updates = [];",
                          "for (const r of picked) {",
                          `  if (r.fields[${lit(field.name)}] !== ${lit(w)}) updates.push({ id: r.id, fields: { ${lit(field.name)}: ${lit(w)} } });`,
                          "}",
                          `updateAll(baseId, ${lit(table.name)}, updates);`,
                          "return null;",
                        ],
                        hidden: [base.id, ...(p.owner ? [p.owner.record.id] : [])],
                        tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name, update.name],
                        difficulty: {
                          chainLength: 2 + batches(changed.length),
                          branching: 2,
                          writes: batches(changed.length),
                          hiddenIds: 1,
                        },
                      });
                    },
                  },
                ];
              }),
          );
        }),
      ),
    );
  },
};

/** "Leave the comment "..." on every deal in the Sales CRM base whose Stage is "Negotiation"." */
export const commentEach: BasesTemplate = {
  name: "comment-each",
  kind: "programmatic",
  roles: ["create_comment"],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) =>
        pickers(base, table).flatMap((p) => {
          const picked = table.records.filter(p.test);
          if (picked.length < 2 || picked.length > 6) return [];
          return COMMENTS.map(
            (text): Candidate => ({
              writes: picked.length,
              draft: () => {
                const comment = toolOf(ctx, "create_comment");
                return basesDraft(ctx.lens, {
                  kind: "programmatic",
                  instruction: `Leave the comment ${quoted(text)} on every ${noun(table)} in the ${base.name} base ${p.words}.`,
                  helpers: ["baseIdOf"],
                  statements: [
                    ...pickedCode(ctx, base, table, p),
                    "for (const r of picked) {",
                    `  ${callWith(comment, { base: "baseId", table: lit(table.name), record: "r.id", text: lit(text) })};`,
                    "}",
                    "return null;",
                  ],
                  hidden: [base.id, ...(p.owner ? [p.owner.record.id] : [])],
                  tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name, comment.name],
                  difficulty: {
                    chainLength: 2 + picked.length,
                    branching: 1,
                    writes: picked.length,
                    hiddenIds: 1,
                  },
                });
              },
            }),
          );
        }),
      ),
    );
  },
};

/** `create_field` code for `definition` under the tool's own argument shape. */
function createFieldCode(ctx: BasesContext, table: SeenTable, definition: Record<string, unknown>) {
  const create = toolOf(ctx, "create_field");
  const def = lit(definition as never);
  return callWith(create, {
    base: "baseId",
    table: lit(table.name),
    ...(create.args.nested ? { nested: `{ field: ${def} }` } : { field: def }),
  });
}

/** What differs between the questions that add a field and fill it in. */
interface NewField {
  instruction: string;
  /** The field as `create_field` takes it. */
  field: Record<string, unknown>;
  /** The formula that picks the records to fill in. */
  formula: string;
  /** Code that fills the new field in on `picked`. */
  fill: string[];
  hidden: Json[];
  branching: number;
}

/** Create a field, list the records a formula picks, and fill it in on `filled` of them (one update per batch). */
function newFieldCandidate(
  ctx: BasesContext,
  base: SeenBase,
  table: SeenTable,
  filled: number,
  ask: () => NewField,
): Candidate {
  return {
    writes: 1 + batches(filled),
    draft: () => {
      const f = ask();
      const update = toolOf(ctx, "update_records");
      return basesDraft(ctx.lens, {
        kind: "programmatic",
        instruction: f.instruction,
        helpers: ["baseIdOf", "updateAll"],
        statements: [
          `const baseId = baseIdOf(${lit(base.name)});`,
          `${createFieldCode(ctx, table, f.field)};`,
          `const picked = ${callWith(ctx.lens.list_records, { base: "baseId", table: lit(table.name), filterByFormula: lit(f.formula) })}.records;`,
          ...f.fill,
          "return null;",
        ],
        hidden: f.hidden,
        tools: [
          ctx.lens.list_bases.name,
          toolOf(ctx, "create_field").name,
          ctx.lens.list_records.name,
          update.name,
        ],
        difficulty: {
          chainLength: 3 + batches(filled),
          branching: f.branching,
          writes: 1 + batches(filled),
          hiddenIds: 1,
        },
      });
    },
  };
}

/** "Add a checkbox field "Needs review" to the Deals table and tick it for every deal whose Amount is at least $50,000." */
export const flagAbove: BasesTemplate = {
  name: "flag-above",
  kind: "programmatic",
  roles: ["create_field", "update_records"],
  candidates(ctx, account) {
    return account
      .filter((base) => base.schema)
      .flatMap((base) =>
        base.tables.flatMap((table) =>
          fieldsOfType(table, "number", "currency").flatMap((measure) => {
            const values = [
              ...new Set(table.records.flatMap((r) => numberOf(r, measure) ?? [])),
            ].sort((a, b) => a - b);
            return values.slice(1).flatMap((threshold) => {
              const hits = table.records.filter(
                (r) => (numberOf(r, measure) ?? -Infinity) >= threshold,
              );
              if (hits.length < 2 || hits.length > 20) return [];
              return CHECKBOX_NAMES.filter(
                (n) => !table.fields.some((f) => f.name.toLowerCase() === n.toLowerCase()),
              ).map(
                (name): Candidate =>
                  newFieldCandidate(ctx, base, table, hits.length, () => ({
                    instruction: `In the ${base.name} base, add a checkbox field ${quoted(name)} to the ${table.name} table and tick it for every ${noun(table)} whose ${measure.name} is at least ${spoken(measure, threshold)}.`,
                    field: {
                      name,
                      type: "checkbox",
                      options: { icon: "check", color: "greenBright" },
                    },
                    formula: `{${measure.name}} >= ${threshold}`,
                    fill: [
                      `updateAll(baseId, ${lit(table.name)}, picked.map((r) => ({ id: r.id, fields: { ${lit(name)}: true } })));`,
                    ],
                    hidden: [base.id],
                    branching: 1,
                  })),
              );
            });
          }),
        ),
      );
  },
};

const WEIGHTED_NAMES = ["Weighted amount", "Expected value", "Forecast"];

/** "Add a currency field "Weighted amount" to Deals and fill it with Amount times Probability for every deal whose Stage is ..." */
export const weightedField: BasesTemplate = {
  name: "weighted-field",
  kind: "programmatic",
  roles: ["create_field", "update_records"],
  candidates(ctx, account) {
    return account
      .filter((base) => base.schema)
      .flatMap((base) =>
        base.tables.flatMap((table) =>
          fieldsOfType(table, "currency").flatMap((amount) =>
            fieldsOfType(table, "percent").flatMap((share) =>
              pickers(base, table).flatMap((p) => {
                const hits = table.records.filter(
                  (r) =>
                    p.test(r) &&
                    numberOf(r, amount) !== undefined &&
                    numberOf(r, share) !== undefined,
                );
                const weighted = hits.filter(
                  (r) => (numberOf(r, amount) ?? 0) * (numberOf(r, share) ?? 0) > 0,
                );
                if (hits.length > 20 || weighted.length < 2) return [];
                return WEIGHTED_NAMES.filter((n) => !table.fields.some((f) => f.name === n)).map(
                  (name): Candidate =>
                    newFieldCandidate(ctx, base, table, hits.length, () => ({
                      instruction: `In the ${base.name} base, add a currency field ${quoted(name)} (${amount.symbol ?? "$"}, whole units) to the ${table.name} table, and for every ${noun(table)} ${p.words} fill it with its ${amount.name} times its ${share.name}, rounded to a whole number.`,
                      field: {
                        name,
                        type: "currency",
                        options: { precision: 0, symbol: amount.symbol ?? "$" },
                      },
                      formula: p.formula,
                      fill: [
                        "const updates = [];",
                        "for (const r of picked) {",
                        `  const amount = r.fields[${lit(amount.name)}];`,
                        `  const share = r.fields[${lit(share.name)}];`,
                        '  if (typeof amount !== "number" || typeof share !== "number") continue;',
                        `  updates.push({ id: r.id, fields: { ${lit(name)}: Math.round(amount * share) } });`,
                        "}",
                        `updateAll(baseId, ${lit(table.name)}, updates);`,
                      ],
                      hidden: [base.id, ...(p.owner ? [p.owner.record.id] : [])],
                      branching: 2,
                    })),
                );
              }),
            ),
          ),
        ),
      );
  },
};

/** "In the Content Calendar base, delete every article whose Status is "Idea" and that has no Publish date." */
export const deleteEach: BasesTemplate = {
  name: "delete-each",
  kind: "programmatic",
  roles: ["delete_records"],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) =>
        pickers(base, table).flatMap((p) =>
          table.fields
            .filter(
              (f) =>
                f !== table.primary &&
                ["date", "number", "currency", "multilineText"].includes(f.type),
            )
            .flatMap((empty): Candidate[] => {
              const picked = table.records.filter(
                (r) => p.test(r) && r.fields[empty.name] === undefined,
              );
              const all = table.records.filter(p.test);
              if (picked.length < 1 || picked.length > 10 || picked.length === all.length)
                return [];
              return [
                {
                  writes: 1,
                  draft: () => {
                    const remove = toolOf(ctx, "delete_records");
                    return basesDraft(ctx.lens, {
                      kind: "programmatic",
                      instruction: `In the ${base.name} base, delete every ${noun(table)} ${p.words} that has no ${empty.name}.`,
                      helpers: ["baseIdOf"],
                      statements: [
                        ...pickedCode(ctx, base, table, p),
                        "const doomed = [];",
                        `for (const r of picked) if (r.fields[${lit(empty.name)}] === undefined) doomed.push(r.id);`,
                        `${callWith(remove, { base: "baseId", table: lit(table.name), recordIds: "doomed" })};`,
                        "return null;",
                      ],
                      hidden: [base.id, ...(p.owner ? [p.owner.record.id] : [])],
                      tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name, remove.name],
                      difficulty: { chainLength: 3, branching: 2, writes: 1, hiddenIds: 1 },
                    });
                  },
                },
              ];
            }),
        ),
      ),
    );
  },
};
