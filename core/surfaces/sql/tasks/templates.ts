// Task templates for environments whose tools run SQL. Each names a row the way a user would (its
// name or title), so the solution must first find that row's key with one statement and feed it
// into the next: graph tasks are such chains (count or sum over a relation, a two-hop count, an
// update), programmatic tasks loop and branch over the rows in JavaScript (the child with the
// most grandchildren, a count over a threshold, a conditional write loop). Exploration reads
// through the environment's own SQL tool; the program must reproduce the answer on its own.
import { quoteIdentifier as q } from "../../../episode/sql-identifiers";
import type { Built, DraftAttempt, DraftTarget, TaskDraft } from "../../../tasks/draft";
import { shuffled } from "../../../tasks/graph-walk/graph-random";
import { humanize } from "../../../tasks/phrasing/words";
import { functionSource, lit } from "../../../tasks/programs/program-code";
import { splitThreshold, tidy } from "../../../tasks/programs/program-values";
import type { SurfaceTaskSource } from "../../../tasks/surface-task-source";
import type { TaskKind } from "../../../tasks/task";
import type { SqlLens, SqlRelation, SqlTable } from "./lens";
import { sqlLens, sqlLiteral } from "./lens";
import { keyLookup, namedRow, type Row, readRows, type SqlContext, scalar } from "./queries";

interface SqlTemplate {
  name: string;
  kind: TaskKind;
  writes: boolean;
  build(ctx: SqlContext): Built;
}

const MAX_CHILDREN = 15;

/** JavaScript every SQL solution starts with: result rows, and a literal for a found key. */
const PRELUDE = [
  "const rows = (r) => (Array.isArray(r) ? r : r.rows);",
  `const lit = (v) => (typeof v === "number" ? String(v) : "'" + String(v).replace(/'/g, "''") + "'");`,
];

function read(lens: SqlLens, sqlCode: string): string {
  return `rows(ctx.call(${lit(lens.read.name)}, { ${lit(lens.read.arg)}: ${sqlCode} }))`;
}

function write(lens: SqlLens, sqlCode: string): string {
  const tool = lens.write as NonNullable<SqlLens["write"]>;
  return `ctx.call(${lit(tool.name)}, { ${lit(tool.arg)}: ${sqlCode} });`;
}

const names = (table: SqlTable) => table.model.names;
const words = (column: { name: string }) => humanize(column.name);
const quoted = (text: string) => `"${text}"`;

function draft(
  kind: TaskKind,
  instruction: string,
  statements: string[],
  rest: Pick<TaskDraft, "hidden" | "tools"> & Partial<TaskDraft>,
  difficulty: TaskDraft["difficulty"],
): TaskDraft {
  return {
    kind,
    instruction,
    program: functionSource([...PRELUDE, ...statements]),
    difficulty,
    ...(kind === "graph" ? { dependentCalls: Math.max(1, difficulty.hiddenIds) } : {}),
    ...rest,
  };
}

const relationsWith = (lens: SqlLens, test: (r: SqlRelation) => boolean) =>
  lens.relations.filter((r) => r.parent.label !== undefined && test(r));

/** Each relation that passes `test`, in random order, with a parent row a user can name. */
function* namedParents(ctx: SqlContext, test: (r: SqlRelation) => boolean) {
  for (const r of shuffled(ctx.rng, relationsWith(ctx.lens, test))) {
    const parent = namedRow(ctx, r.parent);
    if (parent) yield { r, parent };
  }
}

/** Statements that find the parent row by its name, then bind `name` to `select` + its key. */
function readUnderParent(
  ctx: SqlContext,
  r: SqlRelation,
  label: string,
  select: string,
  name: string,
): string[] {
  return [
    `const found = ${read(ctx.lens, lit(keyLookup(r.parent, label)))};`,
    `const ${name} = ${read(ctx.lens, `${lit(select)} + lit(found[0].id)`)};`,
  ];
}

/** "How many tracks does the album "Facelift" have?" */
const countChildren: SqlTemplate = {
  name: "count-children",
  kind: "graph",
  writes: false,
  build(ctx) {
    for (const { r, parent } of namedParents(ctx, () => true)) {
      const count = `SELECT COUNT(*) AS n FROM ${q(r.child.model.name)} WHERE ${q(r.column.name)} = `;
      const n = scalar(readRows(ctx, count + sqlLiteral(parent.key)), "n");
      if (!n) continue;
      return draft(
        "graph",
        `How many ${names(r.child).plural} does the ${names(r.parent).singular} ${quoted(parent.label)} have?`,
        [...readUnderParent(ctx, r, parent.label, count, "counted"), "return counted[0].n;"],
        {
          answerMatch: { kind: "numeric", tolerance: 1e-6 },
          hidden: [parent.key],
          tools: [ctx.lens.read.name],
        },
        { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
      );
    }
    return { reason: "no_relation", detail: "no named parent row with children" };
  },
};

/** "What is the total unit price of the tracks of the album "Facelift"?" */
const sumChildren: SqlTemplate = {
  name: "sum-children",
  kind: "graph",
  writes: false,
  build(ctx) {
    for (const { r, parent } of namedParents(ctx, (r) => r.child.measures.length > 0)) {
      const measure = shuffled(ctx.rng, r.child.measures)[0];
      if (!measure) continue;
      const sum = `SELECT SUM(${q(measure.name)}) AS total FROM ${q(r.child.model.name)} WHERE ${q(r.column.name)} = `;
      const total = scalar(readRows(ctx, sum + sqlLiteral(parent.key)), "total");
      if (!total) continue;
      return draft(
        "graph",
        `What is the total ${words(measure)} of all ${names(r.child).plural} of the ${names(r.parent).singular} ${quoted(parent.label)}? Round to two decimals.`,
        [
          ...readUnderParent(ctx, r, parent.label, sum, "summed"),
          "return Math.round(summed[0].total * 100) / 100;",
        ],
        {
          answerMatch: { kind: "numeric", tolerance: 0.001 },
          hidden: [parent.key],
          tools: [ctx.lens.read.name],
        },
        { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
      );
    }
    return { reason: "no_measure", detail: "no relation with a numeric column to sum" };
  },
};

/** "How many tracks are there across all albums of the artist "Queen"?" */
const countGrandchildren: SqlTemplate = {
  name: "count-grandchildren",
  kind: "graph",
  writes: false,
  build(ctx) {
    for (const top of shuffled(
      ctx.rng,
      relationsWith(ctx.lens, () => true),
    )) {
      const below = ctx.lens.relations.filter(
        (r) => r.parent === top.child && r.child !== top.parent,
      );
      const next = shuffled(ctx.rng, below)[0];
      const grand = namedRow(ctx, top.parent);
      if (!next || !grand) continue;
      const middle = `SELECT ${q(top.child.key.name)} AS id FROM ${q(top.child.model.name)} WHERE ${q(top.column.name)} = `;
      const ids = (readRows(ctx, middle + sqlLiteral(grand.key)) ?? []).map((row) => row.id);
      if (ids.length < 2 || ids.length > 200) continue;
      const count = `SELECT COUNT(*) AS n FROM ${q(next.child.model.name)} WHERE ${q(next.column.name)} IN (`;
      const inList = ids.map((id) => sqlLiteral(id as string | number)).join(", ");
      const n = scalar(readRows(ctx, `${count}${inList})`), "n");
      if (!n) continue;
      return draft(
        "graph",
        `How many ${names(next.child).plural} are there across all ${names(top.child).plural} of the ${names(top.parent).singular} ${quoted(grand.label)}?`,
        [
          `const found = ${read(ctx.lens, lit(keyLookup(top.parent, grand.label)))};`,
          `const ids = ${read(ctx.lens, `${lit(middle)} + lit(found[0].id)`)}.map((row) => lit(row.id));`,
          `return ${read(ctx.lens, `${lit(count)} + ids.join(", ") + ")"`)}[0].n;`,
        ],
        {
          answerMatch: { kind: "numeric", tolerance: 1e-6 },
          hidden: [grand.key],
          tools: [ctx.lens.read.name],
        },
        { chainLength: 3, branching: 0, writes: 0, hiddenIds: 2 },
      );
    }
    return { reason: "no_two_hop", detail: "no named row with children that have children" };
  },
};

/** "Set the composer of the track "Facelift" to "Jerry Cantrell"." */
const updateNamed: SqlTemplate = {
  name: "update-named",
  kind: "graph",
  writes: true,
  build(ctx) {
    if (!ctx.lens.write) return { reason: "no_write_tool", detail: "no tool writes SQL" };
    const tables = ctx.lens.tables.filter((t) => t.label && t.settable.length > 0);
    for (const table of shuffled(ctx.rng, tables)) {
      const row = namedRow(ctx, table);
      const column = shuffled(ctx.rng, table.settable)[0];
      if (!row || !column) continue;
      const value = newValue(ctx, table, column.name, row.key);
      if (value === undefined) continue;
      const update = `UPDATE ${q(table.model.name)} SET ${q(column.name)} = ${sqlLiteral(value)} WHERE ${q(table.key.name)} = `;
      return draft(
        "graph",
        `Set the ${words(column)} of the ${names(table).singular} ${quoted(row.label)} to ${typeof value === "number" ? value : quoted(value)}.`,
        [
          `const found = ${read(ctx.lens, lit(keyLookup(table, row.label)))};`,
          write(ctx.lens, `${lit(update)} + lit(found[0].id)`),
          "return null;",
        ],
        { hidden: [row.key], tools: [ctx.lens.read.name, ctx.lens.write.name] },
        { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
      );
    }
    return { reason: "no_settable_column", detail: "no named table with a column to set" };
  },
};

/** Another value the column already holds elsewhere (text), or a round change (numbers). */
function newValue(
  ctx: SqlContext,
  table: SqlTable,
  column: string,
  key: string | number,
): string | number | undefined {
  const current = readRows(
    ctx,
    `SELECT ${q(column)} AS v FROM ${q(table.model.name)} WHERE ${q(table.key.name)} = ${sqlLiteral(key)}`,
  )?.[0]?.v;
  if (typeof current === "number") {
    const changed = current === 0 ? 1 : current * 1.25 + 1;
    const whole = table.model.columns.find((c) => c.name === column)?.kind === "integer";
    return whole ? Math.round(changed) : tidy(changed);
  }
  const others = readRows(
    ctx,
    `SELECT DISTINCT ${q(column)} AS v FROM ${q(table.model.name)} WHERE ${q(column)} IS NOT NULL ORDER BY 1 LIMIT 50`,
  );
  const options = (others ?? [])
    .map((r) => r.v)
    .filter((v): v is string => typeof v === "string" && v !== current && v.trim().length >= 2);
  return shuffled(ctx.rng, options)[0];
}

/** "Among the albums of the artist "Queen", which has the most tracks? Answer with its title." */
const mostGrandchildren: SqlTemplate = {
  name: "argmax-children",
  kind: "programmatic",
  writes: false,
  build(ctx) {
    const tops = relationsWith(ctx.lens, (r) => r.child.label !== undefined);
    for (const top of shuffled(ctx.rng, tops)) {
      const below = ctx.lens.relations.filter(
        (r) => r.parent === top.child && r.child !== top.parent,
      );
      const next = shuffled(ctx.rng, below)[0];
      const grand = namedRow(ctx, top.parent);
      const label = top.child.label;
      if (!next || !grand || !label) continue;
      const members = `SELECT ${q(top.child.key.name)} AS id, ${label.sql} AS label FROM ${q(top.child.model.name)} WHERE ${q(top.column.name)} = `;
      const listed = readRows(ctx, members + sqlLiteral(grand.key)) ?? [];
      if (listed.length < 2 || listed.length > MAX_CHILDREN) continue;
      const count = `SELECT COUNT(*) AS n FROM ${q(next.child.model.name)} WHERE ${q(next.column.name)} = `;
      const counts = listed.map(
        (row) => scalar(readRows(ctx, count + sqlLiteral(row.id as string | number)), "n") ?? 0,
      );
      const best = Math.max(...counts);
      if (best === 0 || counts.filter((c) => c === best).length > 1) continue;
      return draft(
        "programmatic",
        `Among the ${names(top.child).plural} of the ${names(top.parent).singular} ${quoted(grand.label)}, which has the most ${names(next.child).plural}? Answer with its ${label.words}.`,
        [
          `const found = ${read(ctx.lens, lit(keyLookup(top.parent, grand.label)))};`,
          `const members = ${read(ctx.lens, `${lit(members)} + lit(found[0].id)`)};`,
          "let best = null;",
          "let most = -1;",
          "for (const member of members) {",
          `  const n = ${read(ctx.lens, `${lit(count)} + lit(member.id)`)}[0].n;`,
          "  if (n > most) { most = n; best = member.label; }",
          "}",
          "return best;",
        ],
        { answerMatch: { kind: "exact" }, hidden: [grand.key], tools: [ctx.lens.read.name] },
        { chainLength: 2 + listed.length, branching: 2, writes: 0, hiddenIds: 1 },
      );
    }
    return {
      reason: "no_argmax",
      detail: "no named row whose children differ in their own children",
    };
  },
};

/** "Which product of the category "Condiments" has the highest unit price? Answer with its name." */
const highestMeasure: SqlTemplate = {
  name: "argmax-measure",
  kind: "programmatic",
  writes: false,
  build(ctx) {
    const fits = (r: SqlRelation) => r.child.label !== undefined && r.child.measures.length > 0;
    for (const { r, parent } of namedParents(ctx, fits)) {
      const measure = shuffled(ctx.rng, r.child.measures)[0];
      const label = r.child.label;
      if (!measure || !label) continue;
      const select = `SELECT ${label.sql} AS label, ${q(measure.name)} AS v FROM ${q(r.child.model.name)} WHERE ${q(r.column.name)} = `;
      const rows = readRows(ctx, select + sqlLiteral(parent.key)) ?? [];
      const values = numbers(rows);
      if (values.length < 3 || values.length !== rows.length) continue;
      const best = Math.max(...values);
      if (values.filter((v) => v === best).length > 1) continue;
      return draft(
        "programmatic",
        `Which ${names(r.child).singular} of the ${names(r.parent).singular} ${quoted(parent.label)} has the highest ${words(measure)}? Answer with its ${label.words}.`,
        [
          ...readUnderParent(ctx, r, parent.label, select, "members"),
          "let best = null;",
          "let highest = -Infinity;",
          "for (const member of members) {",
          "  if (member.v > highest) { highest = member.v; best = member.label; }",
          "}",
          "return best;",
        ],
        {
          answerMatch: { kind: "exact" },
          hidden: [parent.key],
          tools: [ctx.lens.read.name],
        },
        { chainLength: 2, branching: 2, writes: 0, hiddenIds: 1 },
      );
    }
    return { reason: "no_argmax", detail: "no named children with a number to compare" };
  },
};

/** "How many of the tracks of the album "Facelift" have a unit price above 0.5?" */
const countAbove: SqlTemplate = {
  name: "count-above",
  kind: "programmatic",
  writes: false,
  build(ctx) {
    for (const { r, parent } of namedParents(ctx, (r) => r.child.measures.length > 0)) {
      const measure = shuffled(ctx.rng, r.child.measures)[0];
      if (!measure) continue;
      const select = `SELECT ${q(measure.name)} AS v FROM ${q(r.child.model.name)} WHERE ${q(r.column.name)} = `;
      const values = numbers(readRows(ctx, select + sqlLiteral(parent.key)));
      if (values.length < 3) continue;
      const threshold = splitThreshold(ctx.rng, values);
      if (threshold === undefined) continue;
      return draft(
        "programmatic",
        `How many of the ${names(r.child).plural} of the ${names(r.parent).singular} ${quoted(parent.label)} have ${words(measure)} above ${threshold}?`,
        [
          ...readUnderParent(ctx, r, parent.label, select, "values"),
          "let n = 0;",
          `for (const row of values) if (row.v !== null && row.v > ${threshold}) n += 1;`,
          "return n;",
        ],
        {
          answerMatch: { kind: "numeric", tolerance: 1e-6 },
          hidden: [parent.key],
          tools: [ctx.lens.read.name],
        },
        { chainLength: 2, branching: 2, writes: 0, hiddenIds: 1 },
      );
    }
    return { reason: "no_threshold", detail: "no relation whose children's numbers can be split" };
  },
};

/** "For every track of the album "Facelift" whose milliseconds is above 250000, set its unit price to 1.99." */
const writeAbove: SqlTemplate = {
  name: "write-above",
  kind: "programmatic",
  writes: true,
  build(ctx) {
    if (!ctx.lens.write) return { reason: "no_write_tool", detail: "no tool writes SQL" };
    const fits = (r: SqlRelation) => r.child.measures.length > 0 && r.child.settable.length > 0;
    for (const { r, parent } of namedParents(ctx, fits)) {
      const measure = shuffled(ctx.rng, r.child.measures)[0];
      const column = shuffled(ctx.rng, r.child.settable)[0];
      if (!measure || !column) continue;
      const select = `SELECT ${q(r.child.key.name)} AS id, ${q(measure.name)} AS v FROM ${q(r.child.model.name)} WHERE ${q(r.column.name)} = `;
      const rows = readRows(ctx, select + sqlLiteral(parent.key)) ?? [];
      const values = numbers(rows);
      if (values.length < 2 || rows.length > 50) continue;
      const threshold = splitThreshold(ctx.rng, values);
      const first = rows.find(
        (row) => typeof row.v === "number" && threshold !== undefined && row.v > threshold,
      );
      const value = first
        ? newValue(ctx, r.child, column.name, first.id as string | number)
        : undefined;
      if (threshold === undefined || value === undefined) continue;
      const update = `UPDATE ${q(r.child.model.name)} SET ${q(column.name)} = ${sqlLiteral(value)} WHERE ${q(r.child.key.name)} = `;
      return draft(
        "programmatic",
        `For every ${names(r.child).singular} of the ${names(r.parent).singular} ${quoted(parent.label)} whose ${words(measure)} is above ${threshold}, set its ${words(column)} to ${typeof value === "number" ? value : quoted(value)}.`,
        [
          ...readUnderParent(ctx, r, parent.label, select, "members"),
          "for (const member of members) {",
          `  if (member.v !== null && member.v > ${threshold}) ${write(ctx.lens, `${lit(update)} + lit(member.id)`)}`,
          "}",
          "return null;",
        ],
        { hidden: [parent.key], tools: [ctx.lens.read.name, ctx.lens.write.name] },
        { chainLength: 3, branching: 2, writes: 1, hiddenIds: 1 },
      );
    }
    return {
      reason: "no_conditional_write",
      detail: "no relation with numbers to test and a column to set",
    };
  },
};

function numbers(rows: readonly Row[] | undefined): number[] {
  return (rows ?? []).map((r) => r.v).filter((v): v is number => typeof v === "number");
}

export const SQL_TEMPLATES: readonly SqlTemplate[] = [
  countChildren,
  sumChildren,
  countGrandchildren,
  updateNamed,
  mostGrandchildren,
  highestMeasure,
  countAbove,
  writeAbove,
];

/** Environments with a tool that runs read-only SQL (see lens.ts). */
export const sqlTaskSource: SurfaceTaskSource = {
  name: "sql",
  recognise(db, tools) {
    const lens = sqlLens(db, tools);
    if (!lens) return undefined;
    return {
      unfit: (minWrites) =>
        minWrites > 0 && !lens.write
          ? `the SQL server only reads, so no task can make ${minWrites} write(s)`
          : undefined,
      draft: ({ rng, runner }, kind, target) => sqlTask({ lens, rng, runner }, kind, target),
    };
  },
};

/** One SQL task of `kind`, trying the templates in a random order; writes only when asked. */
export function sqlTask(ctx: SqlContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
  const usable = SQL_TEMPLATES.filter(
    (t) =>
      t.kind === kind && (target.minWrites === 0 || t.writes) && (t.writes ? ctx.lens.write : true),
  );
  if (usable.length === 0) {
    return {
      ok: false,
      reason: "no_template",
      detail: `no SQL ${kind} template fits this database`,
    };
  }
  // Templates only read while exploring, so a failed one leaves the fresh copy as it was.
  let last: { reason: string; detail: string } = { reason: "no_template", detail: "" };
  for (const template of shuffled(ctx.rng, usable)) {
    const built = template.build(ctx);
    if ("program" in built) return { ok: true, draft: built };
    last = built;
  }
  return { ok: false, ...last };
}
