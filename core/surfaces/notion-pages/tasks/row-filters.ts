// The row filters a user names ("whose Status is Open", "assigned to Priya Raman", "tagged
// Backend", "whose Priority is P1"): each is the data source query's own filter object (a person's
// id read from the user list at run time), the same test over the explored rows, and its words.

import { lit } from "../../../tasks/programs/program-code";
import type { RowValue, RowView, SourceView, Workspace } from "./explore";
import { observedValues } from "./graph-rows";
import type { PagesLens } from "./lens";
import { peoplePhrase } from "./template";

/** A filter the query takes and the same test over explored rows, with its words. */
export interface RowFilter {
  property: string;
  /** The filter object as JSON (a person's id as the placeholder `@person`). */
  filter: unknown;
  test(row: RowView): boolean;
  words: string;
  person?: { id: string; name: string };
}

const statusFilter = (property: string, value: string, negate = false): RowFilter => ({
  property,
  filter: { property, status: negate ? { does_not_equal: value } : { equals: value } },
  test: (r) => (r.values[property] === value) !== negate,
  words: `whose ${property} is ${negate ? "not " : ""}${value}`,
});

const selectFilter = (property: string, value: string): RowFilter => ({
  property,
  filter: { property, select: { equals: value } },
  test: (r) => r.values[property] === value,
  words: `whose ${property} is ${value}`,
});

export const has = (v: RowValue | undefined, item: string) => Array.isArray(v) && v.includes(item);

export const personFilter = (
  property: string,
  person: { id: string; name: string },
): RowFilter => ({
  property,
  filter: { property, people: { contains: "@person" } },
  test: (r) => has(r.values[property], person.id),
  words: peoplePhrase(property, person.name),
  person,
});

const areaFilter = (property: string, value: string): RowFilter => ({
  property,
  filter: { property, multi_select: { contains: value } },
  test: (r) => has(r.values[property], value),
  words: `tagged ${value}`,
});

/** Every single filter a user could ask for on this source. */
export function filtersOf(source: SourceView, ws: Workspace): RowFilter[] {
  return Object.keys(source.types).flatMap((property) => {
    const type = source.types[property];
    if (type === "status") {
      const values = observedValues(source, property);
      return [
        ...values.map((v) => statusFilter(property, v)),
        ...values.map((v) => statusFilter(property, v, true)),
      ];
    }
    if (type === "select")
      return observedValues(source, property).map((v) => selectFilter(property, v));
    if (type === "people") return ws.people.map((p) => personFilter(property, p));
    if (type === "multi_select") {
      const values = new Set(
        source.rows.flatMap((r) => {
          const v = r.values[property];
          return Array.isArray(v) ? v : [];
        }),
      );
      return [...values].sort().map((v) => areaFilter(property, v));
    }
    return [];
  });
}

/** The filter's code, with the person's id read from the user list. */
export const filterCode = (f: RowFilter) =>
  JSON.stringify(f.filter).replace('"@person"', "personId");

export const personLines = (f: RowFilter): string[] =>
  f.person ? [`const personId = userIdOf(${lit(f.person.name)});`] : [];

export const usable = (lens: PagesLens, f: RowFilter) => !f.person || lens.list_users !== undefined;
