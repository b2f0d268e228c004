// Programmatic templates that read bases: sum a number or currency over the records linked to a
// named record (optionally only those whose select has a value), find the linked record with the
// highest value, the linked record with the largest total across a whole table, and count the
// records matching a select and a threshold. Each program filters with a formula, then loops and
// aggregates in code; the formula or the fields it reads differ per question, so no two questions
// make the same calls.
import type { Json } from "../../../base/json";
import { lit } from "../../../tasks/programs/program-code";
import {
  type BasesContext,
  linkedTable,
  nameable,
  noun,
  plural,
  quotable,
  type SeenBase,
  type SeenField,
  type SeenRecord,
  type SeenTable,
} from "./explore";
import { callWith } from "./lens";
import { type BasesDraftParts, basesDraft, equalsFormula, findRecord } from "./program";
import {
  type BasesTemplate,
  type Candidate,
  fieldsOfType,
  givesAway,
  linkOf,
  numberOf,
  quoted,
  spoken,
  unfit,
} from "./template";

interface Condition {
  /** ` whose Stage is "Proposal"`, or "" for every record. */
  words: string;
  formula?: string;
  test(r: SeenRecord): boolean;
}

/** No condition, and each select value some records of the table have. */
function conditions(table: SeenTable): Condition[] {
  const out: Condition[] = [{ words: "", test: () => true }];
  for (const f of fieldsOfType(table, "singleSelect")) {
    for (const v of f.choices.filter(quotable)) {
      out.push({
        words: ` whose ${f.name} is ${quoted(v)}`,
        formula: equalsFormula(f.name, v),
        test: (r) => r.fields[f.name] === v,
      });
    }
  }
  return out;
}

/** Number fields and single links of a table, paired, with the linked table. */
function measuredLinks(base: SeenBase, table: SeenTable) {
  return fieldsOfType(table, "number", "currency").flatMap((measure) =>
    fieldsOfType(table, "multipleRecordLinks")
      .filter((f) => f.singleLink)
      .flatMap((link) => {
        const target = linkedTable(base, link);
        return target ? [{ measure, link, target }] : [];
      }),
  );
}

/** `list_records` of a table with the condition's formula and only the fields read. */
function listCode(ctx: BasesContext, table: SeenTable, cond: Condition, fields: SeenField[]) {
  const list = ctx.lens.list_records;
  return callWith(list, {
    base: "baseId",
    table: lit(table.name),
    ...(cond.formula ? { filterByFormula: lit(cond.formula) } : {}),
    ...(list.args.fields ? { fields: lit(fields.map((f) => f.name)) } : {}),
  });
}

/** "an Estimate above 5", or "more than 45 Employees" for a count named by a plural. */
function amountWords(measure: SeenField, threshold: number): string {
  if (measure.type === "number" && /[^s]s$/.test(measure.name)) {
    return `more than ${spoken(measure, threshold)} ${measure.name}`;
  }
  return `${/^[aeiou]/i.test(measure.name) ? "an" : "a"} ${measure.name} above ${spoken(measure, threshold)}`;
}

/** What differs between the read questions: every one lists a base's records and answers a value. */
interface ReadAsk {
  instruction: string;
  helpers: BasesDraftParts["helpers"];
  statements: string[];
  answerMatch: NonNullable<BasesDraftParts["answerMatch"]>;
  hidden: Json[];
  /** Calls in the chain: list the bases, then one or two record lists. */
  calls: number;
}

/** A read question, dropped when its answer (`what`: "total", "count"...) shows in its own words. */
function readCandidate(
  ctx: BasesContext,
  answer: Json,
  what: string,
  ask: () => ReadAsk,
): Candidate {
  return {
    writes: 0,
    draft: () => {
      const { calls, ...parts } = ask();
      if (givesAway(parts.instruction, answer)) {
        return unfit("no_answer", `the ${what} is in the question`);
      }
      return basesDraft(ctx.lens, {
        kind: "programmatic",
        ...parts,
        tools: [ctx.lens.list_bases.name, ctx.lens.list_records.name],
        difficulty: { chainLength: calls, branching: 2, writes: 0, hiddenIds: 1 },
      });
    },
  };
}

/** "What is the total Amount of the deals linked to the company "..." whose Stage is "..."?" */
export const sumLinked: BasesTemplate = {
  name: "sum-linked",
  kind: "programmatic",
  roles: [],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) =>
        measuredLinks(base, table).flatMap(({ measure, link, target }) =>
          nameable(target).flatMap((owner) =>
            conditions(table).flatMap((cond): Candidate[] => {
              const hits = table.records.filter(
                (r) =>
                  linkOf(r, link) === owner.id &&
                  cond.test(r) &&
                  numberOf(r, measure) !== undefined,
              );
              const total = hits.reduce((n, r) => n + (numberOf(r, measure) ?? 0), 0);
              if (hits.length < 2 || total <= 0) return [];
              return [
                readCandidate(ctx, total, "total", () => ({
                  instruction: `In the ${base.name} base, what is the total ${measure.name} of the ${plural(table)} linked to the ${noun(target)} ${quoted(owner.name)}${cond.words}?`,
                  helpers: ["baseIdOf", "recordNamed"],
                  statements: [
                    `const baseId = baseIdOf(${lit(base.name)});`,
                    findRecord("owner", target.name, target.primary.name, owner.name),
                    "let total = 0;",
                    `for (const r of ${listCode(ctx, table, cond, [link, measure])}.records) {`,
                    `  const links = r.fields[${lit(link.name)}] || [];`,
                    `  if (links.includes(owner.id)) total += r.fields[${lit(measure.name)}] || 0;`,
                    "}",
                    "return total;",
                  ],
                  answerMatch: { kind: "numeric", tolerance: 1e-9 },
                  hidden: [base.id, owner.id],
                  calls: 3,
                })),
              ];
            }),
          ),
        ),
      ),
    );
  },
};

/** "Which deal linked to the company "..." has the highest Amount? Answer with its Name." */
export const topLinked: BasesTemplate = {
  name: "top-linked",
  kind: "programmatic",
  roles: [],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) =>
        measuredLinks(base, table).flatMap(({ measure, link, target }) =>
          nameable(target).flatMap((owner): Candidate[] => {
            const hits = table.records.filter(
              (r) => linkOf(r, link) === owner.id && numberOf(r, measure) !== undefined,
            );
            const best = Math.max(...hits.map((r) => numberOf(r, measure) ?? 0));
            const top = hits.filter((r) => numberOf(r, measure) === best);
            const winner = top[0];
            if (hits.length < 2 || top.length !== 1 || !winner) return [];
            return [
              readCandidate(ctx, winner.name, "answer", () => ({
                instruction: `In the ${base.name} base, which ${noun(table)} linked to the ${noun(target)} ${quoted(owner.name)} has the highest ${measure.name}? Answer with its ${table.primary.name}.`,
                helpers: ["baseIdOf", "recordNamed"],
                statements: [
                  `const baseId = baseIdOf(${lit(base.name)});`,
                  findRecord("owner", target.name, target.primary.name, owner.name),
                  "let best = null;",
                  `for (const r of ${listCode(ctx, table, { words: "", test: () => true }, [table.primary, link, measure])}.records) {`,
                  `  const value = r.fields[${lit(measure.name)}];`,
                  `  if (!(r.fields[${lit(link.name)}] || []).includes(owner.id) || typeof value !== "number") continue;`,
                  "  if (best === null || value > best.value) best = { name: r.fields[" +
                    lit(table.primary.name) +
                    "], value };",
                  "}",
                  "return best.name;",
                ],
                answerMatch: { kind: "exact" },
                hidden: [base.id, owner.id],
                calls: 3,
              })),
            ];
          }),
        ),
      ),
    );
  },
};

/** "Which company has the largest total Amount across its deals whose Stage is "..."?" */
export const topGroup: BasesTemplate = {
  name: "top-group",
  kind: "programmatic",
  roles: [],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) =>
        measuredLinks(base, table).flatMap(({ measure, link, target }) =>
          conditions(table).flatMap((cond): Candidate[] => {
            const totals = new Map<string, number>();
            for (const r of table.records) {
              const owner = linkOf(r, link);
              const value = numberOf(r, measure);
              if (owner && value !== undefined && cond.test(r)) {
                totals.set(owner, (totals.get(owner) ?? 0) + value);
              }
            }
            const best = Math.max(0, ...totals.values());
            const top = [...totals].filter(([, v]) => v === best);
            const winner = target.records.find((r) => r.id === top[0]?.[0]);
            if (totals.size < 2 || top.length !== 1 || !winner || !quotable(winner.name)) return [];
            return [
              readCandidate(ctx, winner.name, "answer", () => ({
                instruction: `In the ${base.name} base, which ${noun(target)} has the largest total ${measure.name} across its ${plural(table)}${cond.words}? Answer with its ${target.primary.name}.`,
                helpers: ["baseIdOf"],
                statements: [
                  `const baseId = baseIdOf(${lit(base.name)});`,
                  "const totals = {};",
                  `for (const r of ${listCode(ctx, table, cond, [link, measure])}.records) {`,
                  `  const owner = (r.fields[${lit(link.name)}] || [])[0];`,
                  `  const value = r.fields[${lit(measure.name)}];`,
                  '  if (owner === undefined || typeof value !== "number") continue;',
                  "  totals[owner] = (totals[owner] || 0) + value;",
                  "}",
                  "let best = null;",
                  "for (const [id, total] of Object.entries(totals)) if (best === null || total > best.total) best = { id, total };",
                  `const owners = ${callWith(ctx.lens.list_records, { base: "baseId", table: lit(target.name) })}.records;`,
                  `return owners.find((o) => o.id === best.id).fields[${lit(target.primary.name)}];`,
                ],
                answerMatch: { kind: "exact" },
                hidden: [base.id, winner.id],
                calls: 3,
              })),
            ];
          }),
        ),
      ),
    );
  },
};

/** "How many features in the Product Roadmap base have the Status "Planned" and an Estimate above 5?" */
export const countAbove: BasesTemplate = {
  name: "count-above",
  kind: "programmatic",
  roles: [],
  candidates(ctx, account) {
    return account.flatMap((base) =>
      base.tables.flatMap((table) =>
        conditions(table)
          .filter((c) => c.formula !== undefined)
          .flatMap((cond) =>
            fieldsOfType(table, "number", "currency").flatMap((measure) => {
              const matched = table.records.filter(cond.test);
              const values = [...new Set(matched.flatMap((r) => numberOf(r, measure) ?? []))].sort(
                (a, b) => a - b,
              );
              return values.slice(0, -1).flatMap((threshold): Candidate[] => {
                const count = matched.filter(
                  (r) => (numberOf(r, measure) ?? -Infinity) > threshold,
                ).length;
                if (count < 1 || matched.length < 3) return [];
                return [
                  readCandidate(ctx, count, "count", () => ({
                    instruction: `How many ${plural(table)} in the ${base.name} base${cond.words} have ${amountWords(measure, threshold)}?`,
                    helpers: ["baseIdOf"],
                    statements: [
                      `const baseId = baseIdOf(${lit(base.name)});`,
                      "let count = 0;",
                      `for (const r of ${listCode(ctx, table, cond, [measure])}.records) {`,
                      `  const value = r.fields[${lit(measure.name)}];`,
                      `  if (typeof value === "number" && value > ${lit(threshold)}) count += 1;`,
                      "}",
                      "return count;",
                    ],
                    answerMatch: { kind: "numeric", tolerance: 0 },
                    hidden: [base.id],
                    calls: 2,
                  })),
                ];
              });
            }),
          ),
      ),
    );
  },
};
