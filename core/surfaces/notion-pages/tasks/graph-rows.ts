// Graph templates over data source rows. Each names a database by its title and an item by its
// title; the chain finds the data source in the title search, the row with a title filter on the
// query, and writes to it: set its status or a select, move its date, make someone its owner
// (found in the user list), or reads who owns it.

import { lit } from "../../../tasks/programs/program-code";
import {
  namedRows,
  type PagesContext,
  type RowView,
  type SourceView,
  type Workspace,
} from "./explore";
import type { PagesLens } from "./lens";
import { callWith, pagesDraft } from "./program";
import { dateWords, quoted, sourceName, template, toolOf } from "./template";
import { DUE_DATES } from "./words";

/** The option names a property shows across the rows (the values a user would pick from). */
export function observedValues(source: SourceView, property: string): string[] {
  const seen = new Set<string>();
  for (const row of source.rows) {
    const v = row.values[property];
    if (typeof v === "string") seen.add(v);
  }
  return [...seen].sort();
}

interface RowChoice {
  source: SourceView;
  row: RowView;
  property: string;
  value: string;
}

/** Statements that leave `row` for the named item of the named database. */
function findRow(source: SourceView, row: RowView): string[] {
  return [
    `const sourceId = sourceIdOf(${lit(source.title)});`,
    `const row = rowsOf(sourceId, { property: ${lit(source.titleProperty)}, title: { equals: ${lit(row.title)} } })[0];`,
  ];
}

const FOUND = { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 };

/** Date properties a user moves (a due date or a deadline, not the day a bug was reported). */
export const MOVABLE_DATE = /due|deadline|target|end|launch/i;

function rowChoices(ws: Workspace, type: string, values: (s: SourceView, p: string) => string[]) {
  return ws.sources.flatMap((source) =>
    Object.keys(source.types)
      .filter((p) => source.types[p] === type && source.titleProperty !== "")
      .filter((p) => type !== "date" || MOVABLE_DATE.test(p))
      .flatMap((property) =>
        namedRows(source).flatMap((row) =>
          values(source, property)
            .filter((value) => row.values[property] !== value)
            .map((value) => ({ source, row, property, value })),
        ),
      ),
  );
}

function setValue(ctx: PagesContext, choice: RowChoice, instruction: string, valueCode: string) {
  const { source, row, property } = choice;
  const update = toolOf(ctx.lens, "update_page");
  return pagesDraft(ctx.lens, {
    kind: "graph",
    instruction,
    helpers: ["sourceIdOf", "rowsOf"],
    statements: [
      ...findRow(source, row),
      `${callWith(update, { page: "row.id", properties: `{ ${lit(property)}: ${valueCode} }` })};`,
      "return null;",
    ],
    hidden: [source.id, row.id],
    tools: [ctx.lens.search.name, ctx.lens.query_data_source.name, update.name],
    difficulty: FOUND,
  });
}

/** "In the Roadmap database, find the item "..." and set its Status to Done." */
export const setStatus = template<RowChoice>({
  name: "set-status",
  kind: "graph",
  roles: ["update_page"],
  choices: (_lens, ws) => rowChoices(ws, "status", observedValues),
  writes: () => 1,
  draft: (ctx, _ws, c) =>
    setValue(
      ctx,
      c,
      `In ${sourceName(c.source)}, find the item ${quoted(c.row.title)} and set its ${c.property} to ${c.value}.`,
      `{ status: { name: ${lit(c.value)} } }`,
    ),
});

/** "Change the Severity of "..." in the Bugs database to High." */
export const setSelect = template<RowChoice>({
  name: "set-select",
  kind: "graph",
  roles: ["update_page"],
  choices: (_lens, ws) => rowChoices(ws, "select", observedValues),
  writes: () => 1,
  draft: (ctx, _ws, c) =>
    setValue(
      ctx,
      c,
      `Change the ${c.property} of ${quoted(c.row.title)} in ${sourceName(c.source)} to ${c.value}.`,
      `{ select: { name: ${lit(c.value)} } }`,
    ),
});

/** "Move the Due date of "..." in the Roadmap database to January 31, 2025." */
export const setDate = template<RowChoice>({
  name: "set-date",
  kind: "graph",
  roles: ["update_page"],
  choices: (_lens, ws) => rowChoices(ws, "date", () => [...DUE_DATES]),
  writes: () => 1,
  draft: (ctx, _ws, c) =>
    setValue(
      ctx,
      c,
      `Move the ${c.property} date of ${quoted(c.row.title)} in ${sourceName(c.source)} to ${dateWords(c.value)}.`,
      `{ date: { start: ${lit(c.value)} } }`,
    ),
});

interface PersonChoice {
  source: SourceView;
  row: RowView;
  property: string;
  person: { id: string; name: string };
}

function personChoices(lens: PagesLens, ws: Workspace): PersonChoice[] {
  if (!lens.list_users) return [];
  return ws.sources.flatMap((source) =>
    Object.keys(source.types)
      .filter((p) => source.types[p] === "people" && source.titleProperty !== "")
      .flatMap((property) =>
        namedRows(source).flatMap((row) =>
          ws.people
            .filter((person) => {
              const v = row.values[property];
              return !(Array.isArray(v) && v.length === 1 && v[0] === person.id);
            })
            .map((person) => ({ source, row, property, person })),
        ),
      ),
  );
}

/** "In the Bugs database, make Marcus Chen the only assignee of "..."." */
export const assignPerson = template<PersonChoice>({
  name: "assign-person",
  kind: "graph",
  roles: ["update_page", "list_users"],
  choices: personChoices,
  writes: () => 1,
  draft(ctx, _ws, c) {
    const update = toolOf(ctx.lens, "update_page");
    const users = toolOf(ctx.lens, "list_users");
    return pagesDraft(ctx.lens, {
      kind: "graph",
      instruction: `In ${sourceName(c.source)}, make ${c.person.name} the only ${c.property.toLowerCase()} of ${quoted(c.row.title)}.`,
      helpers: ["sourceIdOf", "rowsOf", "userIdOf"],
      statements: [
        ...findRow(c.source, c.row),
        `const userId = userIdOf(${lit(c.person.name)});`,
        `${callWith(update, { page: "row.id", properties: `{ ${lit(c.property)}: { people: [{ id: userId }] } }` })};`,
        "return null;",
      ],
      hidden: [c.source.id, c.row.id, c.person.id],
      tools: [ctx.lens.search.name, ctx.lens.query_data_source.name, users.name, update.name],
      difficulty: { chainLength: 4, branching: 0, writes: 1, hiddenIds: 3 },
    });
  },
});

interface OwnerQuestion {
  source: SourceView;
  row: RowView;
  property: string;
  names: string[];
}

/** "Who is the owner of "..." in the Roadmap database? Answer with their name." */
export const whoOwns = template<OwnerQuestion>({
  name: "who-owns",
  kind: "graph",
  roles: ["list_users"],
  choices: (lens, ws) =>
    lens.list_users
      ? ws.sources.flatMap((source) =>
          Object.keys(source.types)
            .filter((p) => source.types[p] === "people")
            .flatMap((property) =>
              namedRows(source).flatMap((row) => {
                const v = row.values[property];
                const names = (Array.isArray(v) ? v : []).map(
                  (id) => ws.people.find((p) => p.id === id)?.name ?? "",
                );
                return names.length === 1 && names[0] !== ""
                  ? [{ source, row, property, names }]
                  : [];
              }),
            ),
        )
      : [],
  writes: () => 0,
  draft(ctx, _ws, c) {
    const users = toolOf(ctx.lens, "list_users");
    return pagesDraft(ctx.lens, {
      kind: "graph",
      instruction: `Who is the ${c.property.toLowerCase()} of ${quoted(c.row.title)} in ${sourceName(c.source)}? Answer with their full name.`,
      helpers: ["sourceIdOf", "rowsOf", "listAll"],
      statements: [
        ...findRow(c.source, c.row),
        `const ids = row.properties[${lit(c.property)}].people.map((p) => p.id);`,
        `const people = listAll(${lit(users.name)}, {}, ${lit(users.args.cursor ?? "")});`,
        "return people.find((p) => p.id === ids[0]).name;",
      ],
      answerMatch: { kind: "exact" },
      hidden: [c.source.id, c.row.id],
      tools: [ctx.lens.search.name, ctx.lens.query_data_source.name, users.name],
      difficulty: { chainLength: 3, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
});
