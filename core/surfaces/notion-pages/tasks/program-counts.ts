// Programmatic templates that read data sources: a count per option of a select property over the
// rows a filter picks, and a count or a total of a number over the rows one or two filters pick.
// Filters are the query's own, so each question is its own call; a total asks the query for the
// number property alone.

import { lit } from "../../../tasks/programs/program-code";
import type { SourceView } from "./explore";
import { observedValues } from "./graph-rows";
import { pagesDraft } from "./program";
import { filterCode, filtersOf, personLines, type RowFilter, usable } from "./row-filters";
import { givesAway, sourceName, template } from "./template";

interface CountChoice {
  source: SourceView;
  where: RowFilter;
  by: string;
  answer: Record<string, number>;
}

/** "How many items in the Bugs database are not Fixed, per Severity?" */
export const countPerOption = template<CountChoice>({
  name: "count-per-option",
  kind: "programmatic",
  roles: [],
  choices: (lens, ws) =>
    ws.sources.flatMap((source) =>
      Object.keys(source.types)
        .filter((p) => source.types[p] === "select")
        .flatMap((by) =>
          filtersOf(source, ws)
            .filter((f) => usable(lens, f) && f.property !== by)
            .flatMap((where) => {
              const rows = source.rows.filter(where.test);
              if (rows.length < 2) return [];
              const answer: Record<string, number> = {};
              for (const option of observedValues(source, by)) {
                answer[option] = rows.filter((r) => r.values[by] === option).length;
              }
              return [{ source, where, by, answer }];
            }),
        ),
    ),
  writes: () => 0,
  draft(ctx, _ws, c) {
    const options = Object.keys(c.answer);
    return pagesDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Count the items in ${sourceName(c.source)} ${c.where.words}, per ${c.by}: answer with the count for each of ${options.join(", ")}.`,
      helpers: ["sourceIdOf", "rowsOf", ...(c.where.person ? (["userIdOf"] as const) : [])],
      statements: [
        `const sourceId = sourceIdOf(${lit(c.source.title)});`,
        ...personLines(c.where),
        `const counts = ${lit(Object.fromEntries(options.map((o) => [o, 0])))};`,
        `for (const row of rowsOf(sourceId, ${filterCode(c.where)})) {`,
        `  const option = row.properties[${lit(c.by)}].select;`,
        "  if (option && option.name in counts) counts[option.name] += 1;",
        "}",
        "return counts;",
      ],
      answerMatch: { kind: "json-subset" },
      hidden: [c.source.id],
      tools: [ctx.lens.search.name, ctx.lens.query_data_source.name],
      difficulty: { chainLength: 2, branching: 2, writes: 0, hiddenIds: 1 },
    });
  },
});

interface TotalChoice {
  source: SourceView;
  where: RowFilter[];
  number: string | null;
  answer: number;
}

/** "How many items in the Bugs database are assigned to Priya Raman and not Fixed?" / "What are the total Points of ...?" */
export const countOrTotal = template<TotalChoice>({
  name: "count-or-total",
  kind: "programmatic",
  roles: [],
  choices: (lens, ws) =>
    ws.sources.flatMap((source) => {
      const filters = filtersOf(source, ws).filter((f) => usable(lens, f));
      const numbers = Object.keys(source.types).filter((p) => source.types[p] === "number");
      const pairs = filters.flatMap((a, i) =>
        filters
          .slice(i + 1)
          .filter((b) => a.property !== b.property)
          .filter((b) => !(a.person && b.person))
          .map((b) => [a, b]),
      );
      return [...filters.map((f) => [f]), ...pairs].flatMap((where) => {
        const rows = source.rows.filter((r) => where.every((f) => f.test(r)));
        if (rows.length === 0) return [];
        // A total asks the query for the number alone, so it is a different call from the count.
        const totals = lens.query_data_source.args.filterProperties ? numbers : [];
        return [null, ...totals].map((number) => ({
          source,
          where,
          number,
          answer:
            number === null
              ? rows.length
              : rows.reduce(
                  (n, r) =>
                    n + (typeof r.values[number] === "number" ? Number(r.values[number]) : 0),
                  0,
                ),
        }));
      });
    }),
  writes: () => 0,
  draft(ctx, _ws, c) {
    const words = c.where.map((f) => f.words).join(" and ");
    const instruction =
      c.number === null
        ? `How many items are there in ${sourceName(c.source)} ${words}?`
        : `What is the total ${c.number} of the items in ${sourceName(c.source)} ${words}?`;
    if (givesAway(instruction, c.answer))
      return { reason: "no_answer", detail: "the answer is in the question" };
    const filter =
      c.where.length === 1
        ? filterCode(c.where[0] as RowFilter)
        : `{ and: [${c.where.map(filterCode).join(", ")}] }`;
    const person = c.where.find((f) => f.person);
    return pagesDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["sourceIdOf", "rowsOf", ...(person ? (["userIdOf"] as const) : [])],
      statements: [
        `const sourceId = sourceIdOf(${lit(c.source.title)});`,
        ...(person ? personLines(person) : []),
        `const rows = rowsOf(sourceId, ${filter}${c.number === null ? "" : `, [${lit(c.number)}]`});`,
        c.number === null
          ? "return rows.length;"
          : `return rows.reduce((n, row) => n + (row.properties[${lit(c.number)}].number || 0), 0);`,
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [c.source.id],
      tools: [ctx.lens.search.name, ctx.lens.query_data_source.name],
      difficulty: { chainLength: 2, branching: 1, writes: 0, hiddenIds: 1 },
    });
  },
});
