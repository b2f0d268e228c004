// Programmatic templates that write to data sources or from them: loops over the rows a query filter
// picks (every past-due item of an owner, every item of a filter not yet in a status, every item
// linked to a roadmap item) that update each, and summaries that turn the picked rows into
// bullets or to-dos appended to a page, in the order the program sorts them.

import type { Json } from "../../../base/json";
import type { TaskDraft } from "../../../tasks/draft";
import { lit } from "../../../tasks/programs/program-code";
import {
  namedPages,
  type PagesContext,
  type PageView,
  type RowView,
  type SourceView,
} from "./explore";
import { MOVABLE_DATE, observedValues } from "./graph-rows";
import { callWith, type PagesDraftParts, pagesDraft } from "./program";
import {
  filterCode,
  filtersOf,
  has,
  personFilter,
  personLines,
  type RowFilter,
  usable,
} from "./row-filters";
import {
  dateWords,
  pageName,
  propertyOfType,
  quoted,
  sourceName,
  template,
  toolOf,
} from "./template";
import { CUTOFFS, DUE_DATES } from "./words";

/** What differs between the sweeps that update every row a query filter picks. */
interface RowSweep {
  instruction: string;
  helpers: PagesDraftParts["helpers"];
  /** Lines that bind `sourceId` and whatever `filter` reads. */
  lookups: string[];
  /** The filter of `rowsOf(sourceId, ...)`, as code. */
  filter: string;
  property: string;
  /** The property's new value, as code. */
  value: string;
  hidden: Json[];
  /** Calls made before the first update. */
  lookupCalls: number;
  rows: number;
}

/** A loop over the rows a filter picks that sets one property on each, one update per row. */
function rowSweepDraft(ctx: PagesContext, s: RowSweep): TaskDraft {
  const update = toolOf(ctx.lens, "update_page");
  return pagesDraft(ctx.lens, {
    kind: "programmatic",
    instruction: s.instruction,
    helpers: s.helpers,
    statements: [
      ...s.lookups,
      `for (const row of rowsOf(sourceId, ${s.filter})) {`,
      `  ${callWith(update, { page: "row.id", properties: `{ ${lit(s.property)}: ${s.value} }` })};`,
      "}",
      "return null;",
    ],
    hidden: s.hidden,
    tools: [ctx.lens.search.name, ctx.lens.query_data_source.name, update.name],
    difficulty: {
      chainLength: s.lookupCalls + s.rows,
      branching: 1,
      writes: s.rows,
      hiddenIds: 2,
    },
  });
}

interface SweepChoice {
  source: SourceView;
  owner: RowFilter;
  cutoff: string;
  status: string;
  done: string;
  date: string;
  rows: RowView[];
  action: { words: string; property: string; code: string };
}

/** "For every item in the Roadmap database owned by Priya Raman that is due before January 6, 2025 and not Done, ..." */
export const overdueSweep = template<SweepChoice>({
  name: "overdue-sweep",
  kind: "programmatic",
  roles: ["update_page"],
  choices(lens, ws) {
    return ws.sources.flatMap((source) => {
      const status = propertyOfType(source, "status");
      const date = Object.keys(source.types).find(
        (p) => source.types[p] === "date" && MOVABLE_DATE.test(p),
      );
      const people = propertyOfType(source, "people");
      if (!status || !date || !people || !lens.list_users) return [];
      const options = observedValues(source, status);
      const done = options.includes("Done") ? "Done" : options.at(-1);
      if (!done) return [];
      // Every action changes every row it touches (none is Done, and no due date is one of these),
      // so an agent that updates exactly the rows asked for matches the reference state.
      const actions = [
        {
          words: `set its ${status} to ${done}`,
          property: status,
          code: `{ status: { name: ${lit(done)} } }`,
        },
        ...DUE_DATES.slice(0, 3).map((d) => ({
          words: `move its ${date} date to ${dateWords(d)}`,
          property: date,
          code: `{ date: { start: ${lit(d)} } }`,
        })),
      ];
      return ws.people.flatMap((person) =>
        CUTOFFS.flatMap((cutoff) => {
          const owner = personFilter(people, person);
          const rows = source.rows.filter(
            (r) =>
              owner.test(r) &&
              typeof r.values[date] === "string" &&
              String(r.values[date]) < cutoff &&
              r.values[status] !== done,
          );
          return rows.length === 0
            ? []
            : actions.map((action) => ({
                source,
                owner,
                cutoff,
                status,
                done,
                date,
                rows,
                action,
              }));
        }),
      );
    });
  },
  writes: (c) => c.rows.length,
  draft: (ctx, _ws, c) =>
    rowSweepDraft(ctx, {
      instruction: `For every item in ${sourceName(c.source)} ${c.owner.words} whose ${c.date} date is before ${dateWords(c.cutoff)} and that is not ${c.done} yet, ${c.action.words}.`,
      helpers: ["sourceIdOf", "rowsOf", "userIdOf"],
      lookups: [`const sourceId = sourceIdOf(${lit(c.source.title)});`, ...personLines(c.owner)],
      filter: `{ and: [${filterCode(c.owner)}, { property: ${lit(c.date)}, date: { before: ${lit(c.cutoff)} } }, { property: ${lit(c.status)}, status: { does_not_equal: ${lit(c.done)} } }] }`,
      property: c.action.property,
      value: c.action.code,
      hidden: [c.source.id, ...c.rows.map((r) => r.id)],
      lookupCalls: 2,
      rows: c.rows.length,
    }),
});

interface SummaryChoice {
  source: SourceView;
  where: RowFilter;
  page: PageView;
  order: "due" | "title";
  due: string | null;
  todo: boolean;
  rows: RowView[];
}

function ordered(rows: readonly RowView[], order: "due" | "title", due: string | null): RowView[] {
  const key = (r: RowView) => (order === "due" && due ? String(r.values[due] ?? "9999") : r.title);
  return [...rows].sort((a, b) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.title < b.title ? -1 : 1,
  );
}

/** "Append to the page "..." a bulleted list of the titles of the items in ... , earliest due first." */
export const appendSummary = template<SummaryChoice>({
  name: "append-summary",
  kind: "programmatic",
  roles: ["append_children"],
  choices: (lens, ws) => {
    const targets = namedPages(ws).filter((p) => p.parentId === null || /—/.test(p.title));
    return ws.sources.flatMap((source) => {
      const due = propertyOfType(source, "date") ?? null;
      return filtersOf(source, ws)
        .filter((f) => usable(lens, f))
        .flatMap((where) => {
          const picked = source.rows.filter(where.test);
          if (picked.length === 0 || picked.length > 12) return [];
          return targets.flatMap((page) =>
            (due ? (["due", "title"] as const) : (["title"] as const)).flatMap((order) =>
              [false, true].map((todo) => ({
                source,
                where,
                page,
                order,
                due,
                todo,
                rows: ordered(picked, order, due),
              })),
            ),
          );
        });
    });
  },
  writes: () => 1,
  draft(ctx, _ws, c) {
    const append = toolOf(ctx.lens, "append_children");
    const kind = c.todo ? "to_do" : "bulleted_list_item";
    const orderWords =
      c.order === "due" && c.due
        ? `earliest ${c.due} date first`
        : "in alphabetical order of title";
    const what = c.todo ? "an unticked to-do" : "a bullet point";
    const sortCode =
      c.order === "due" && c.due
        ? `const key = (r) => (r.properties[${lit(c.due)}].date ? r.properties[${lit(c.due)}].date.start : "9999");`
        : "const key = (r) => r.title;";
    return pagesDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `At the end of ${pageName(c.page)}, add ${what} for each item in ${sourceName(c.source)} ${c.where.words}, with the item's title as its text, ${orderWords}.`,
      helpers: [
        "sourceIdOf",
        "rowsOf",
        "pageIdOf",
        ...(c.where.person ? (["userIdOf"] as const) : []),
      ],
      statements: [
        `const sourceId = sourceIdOf(${lit(c.source.title)});`,
        ...personLines(c.where),
        `const rows = rowsOf(sourceId, ${filterCode(c.where)});`,
        sortCode,
        "rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.title < b.title ? -1 : 1));",
        `const pageId = pageIdOf(${lit(c.page.title)});`,
        `const children = rows.map((r) => ({ type: ${lit(kind)}, ${kind}: { rich_text: [{ type: "text", text: { content: r.title } }]${c.todo ? ", checked: false" : ""} } }));`,
        `${callWith(append, { block: "pageId", children: "children" })};`,
        "return null;",
      ],
      hidden: [c.source.id, c.page.id],
      tools: [ctx.lens.search.name, ctx.lens.query_data_source.name, append.name],
      difficulty: { chainLength: 4, branching: 1, writes: 1, hiddenIds: 2 },
    });
  },
});

interface LinkedChoice {
  source: SourceView;
  relation: string;
  status: string;
  from: string;
  to: string;
  item: RowView;
  target: SourceView;
  rows: RowView[];
}

/** "For every bug linked to the roadmap item "..." that is still Open, set its Status to Fixed." */
export const linkedSweep = template<LinkedChoice>({
  name: "linked-sweep",
  kind: "programmatic",
  roles: ["update_page"],
  choices: (_lens, ws) =>
    ws.sources.flatMap((source) => {
      const relation = propertyOfType(source, "relation");
      const status = propertyOfType(source, "status");
      if (!relation || !status) return [];
      const options = observedValues(source, status);
      return ws.sources
        .filter((t) => t !== source)
        .flatMap((target) =>
          target.rows.flatMap((item) =>
            options.flatMap((from) => {
              const rows = source.rows.filter(
                (r) => has(r.values[relation], item.id) && r.values[status] === from,
              );
              if (rows.length === 0) return [];
              return options
                .filter((to) => to !== from)
                .map((to) => ({ source, relation, status, from, to, item, target, rows }));
            }),
          ),
        );
    }),
  writes: (c) => c.rows.length,
  draft: (ctx, _ws, c) =>
    rowSweepDraft(ctx, {
      instruction: `For every item in ${sourceName(c.source)} linked to ${quoted(c.item.title)} (in ${sourceName(c.target)}) whose ${c.status} is ${c.from}, set its ${c.status} to ${c.to}.`,
      helpers: ["sourceIdOf", "rowsOf"],
      lookups: [
        `const itemId = rowsOf(sourceIdOf(${lit(c.target.title)}), { property: ${lit(c.target.titleProperty)}, title: { equals: ${lit(c.item.title)} } })[0].id;`,
        `const sourceId = sourceIdOf(${lit(c.source.title)});`,
      ],
      filter: `{ and: [{ property: ${lit(c.relation)}, relation: { contains: itemId } }, { property: ${lit(c.status)}, status: { equals: ${lit(c.from)} } }] }`,
      property: c.status,
      value: `{ status: { name: ${lit(c.to)} } }`,
      hidden: [c.source.id, c.item.id, ...c.rows.map((r) => r.id)],
      lookupCalls: 3,
      rows: c.rows.length,
    }),
});

interface BulkChoice {
  source: SourceView;
  where: RowFilter;
  status: string;
  to: string;
  rows: RowView[];
}

/** "For every item in the Bugs database assigned to Priya Raman, set its Status to Fixed." */
export const bulkStatus = template<BulkChoice>({
  name: "bulk-status",
  kind: "programmatic",
  roles: ["update_page"],
  choices: (lens, ws) =>
    ws.sources.flatMap((source) => {
      const status = propertyOfType(source, "status");
      if (!status) return [];
      return filtersOf(source, ws)
        .filter((f) => usable(lens, f) && f.property !== status)
        .flatMap((where) =>
          observedValues(source, status).flatMap((to) => {
            const rows = source.rows.filter((r) => where.test(r) && r.values[status] !== to);
            return rows.length > 0 && rows.length <= 10
              ? [{ source, where, status, to, rows }]
              : [];
          }),
        );
    }),
  writes: (c) => c.rows.length,
  draft: (ctx, _ws, c) =>
    rowSweepDraft(ctx, {
      instruction: `For every item in ${sourceName(c.source)} ${c.where.words}, if its ${c.status} is not ${c.to} yet, set it to ${c.to}.`,
      helpers: ["sourceIdOf", "rowsOf", ...(c.where.person ? (["userIdOf"] as const) : [])],
      lookups: [`const sourceId = sourceIdOf(${lit(c.source.title)});`, ...personLines(c.where)],
      filter: `{ and: [${filterCode(c.where)}, { property: ${lit(c.status)}, status: { does_not_equal: ${lit(c.to)} } }] }`,
      property: c.status,
      value: `{ status: { name: ${lit(c.to)} } }`,
      hidden: [c.source.id, ...c.rows.map((r) => r.id)],
      lookupCalls: 2,
      rows: c.rows.length,
    }),
});
