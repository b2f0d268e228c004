// The solution side of bases synthesis: the JavaScript a program needs to turn a user's words into
// ids (a base by its name in the base list, a record by its primary value through a formula
// filter), to write records ten at a time as the server allows, and the draft every template
// returns. Calls are written from the lens, so a look-alike's own argument names are used.

import type { TaskDraft } from "../../../tasks/draft";
import { callCode, lit } from "../../../tasks/programs/program-code";
import { inOrder, type SurfaceDraftParts, surfaceDraft } from "../../../tasks/surface-draft";
import type { BasesLens } from "./lens";
import { callWith } from "./lens";

export type Helper = "baseIdOf" | "recordNamed" | "updateAll";

/** `{Field} = "value"` as a formula (values are checked quotable before they get here). */
export const equalsFormula = (field: string, value: string) => `{${field}} = "${value}"`;

function helperCode(lens: BasesLens, helper: Helper): string {
  switch (helper) {
    case "baseIdOf":
      return [
        "const baseIdOf = (name) => {",
        `  const found = ${callCode(lens.list_bases.name, [])}.bases.find((b) => b.name === name);`,
        '  if (!found) throw new Error("no base " + JSON.stringify(name));',
        "  return found.id;",
        "};",
      ].join("\n");
    case "recordNamed":
      return [
        "const recordNamed = (baseId, table, formula) => {",
        `  const found = ${callWith(lens.list_records, { base: "baseId", table: "table", filterByFormula: "formula" })}.records;`,
        '  if (found.length !== 1) throw new Error("expected one record for " + formula);',
        "  return found[0];",
        "};",
      ].join("\n");
    case "updateAll": {
      const update = lens.update_records;
      if (!update) throw new Error("the bases lens has no update tool");
      return [
        "const updateAll = (baseId, table, updates) => {",
        "  for (let i = 0; i < updates.length; i += 10) {",
        `    ${callWith(update, { base: "baseId", table: "table", records: "updates.slice(i, i + 10)" })};`,
        "  }",
        "};",
      ].join("\n");
    }
  }
}

/** Statements leaving the base's id in `baseId` and the named record in `name`. */
export const findRecord = (
  variable: string,
  table: string,
  primary: string,
  value: string,
): string =>
  `const ${variable} = recordNamed(baseId, ${lit(table)}, ${lit(equalsFormula(primary, value))});`;

export type BasesDraftParts = SurfaceDraftParts<Helper>;

export function basesDraft(lens: BasesLens, parts: BasesDraftParts): TaskDraft {
  const helpers = inOrder<Helper>(["baseIdOf", "recordNamed", "updateAll"], parts.helpers);
  return surfaceDraft(
    parts,
    helpers.map((h) => helperCode(lens, h)),
  );
}
