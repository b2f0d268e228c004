// The assembly shared by surfaces that recognise tools one operation (role) at a time: a knowledge
// graph, a chat workspace, a task queue, a mailbox, a file system. Each such surface matches every
// tool to a role (or says why it cannot), brings its seeded tables, and knows how to write a
// role's tests and code; this turns that into the SurfaceImport: tools that did not match, of a
// role the surface recognises but does not model (leaveOutRoles), or whose tests do not fit their
// own input schema, are left out with the reason; the rest are published (a note when the name
// had to change) with the server's description and schemas, and reported with the role's verb
// and table.

import { validateArguments } from "../../base/json-schema/validate-arguments";
import type { SqlValue, ToolSpec, ToolTest } from "../../environment/spec";
import type { McpImportReport } from "../../mcp/import-report";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import type { SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";

export type RoleMatch<R extends string, M> =
  | ({ ok: true; role: R } & M)
  | { ok: false; role?: R; reason: string };

export interface RoleTable {
  name: string;
  /** The primary key as the report shows it: `id`, `channel_id, ts`. */
  key: string;
  columns: readonly string[];
  rows: SqlValue[][];
}

/**
 * The maker of one surface's RoleTables: a table of its model by its SQL name, columns and seeded
 * rows, with its primary key as the report shows it.
 */
export function roleTables<T extends string>(
  names: Record<T, string>,
  columns: Record<T, readonly string[]> | ((table: T) => readonly string[]),
  rows: Record<T, SqlValue[][]>,
): (table: T, key: string) => RoleTable {
  return (table, key) => ({
    name: names[table],
    key,
    columns: typeof columns === "function" ? columns(table) : columns[table],
    rows: rows[table],
  });
}

/** The published name of the first tool implementing `role`, or "" when none does (yet). */
export type PublishedRole<R extends string> = (role: R) => string;

export interface RoleSurfaceModel<R extends string, M> {
  surface: string;
  schemaSql: string;
  tables: readonly RoleTable[];
  /** The verb the import report shows, and the table each role works on (first). */
  roles: Record<R, { verb: string; table: string }>;
  /**
   * A role's tests. Built once with no role published, to check their arguments fit the tool's
   * schema, then again with every published name (a tool's answer may name another tool).
   */
  tests(match: { role: R } & M, published: PublishedRole<R>): ToolTest[];
  /** The tool's effect and code (and, where the surface keeps the server's, its output schema). */
  tool(
    match: { role: R } & M,
    name: string,
    original: SurfaceTool["original"],
    published: PublishedRole<R>,
  ): Pick<ToolSpec, "effect" | "implementation" | "outputSchema">;
  /** What the report says about the surface's model, after the notes on renamed tools. */
  notes: string[];
  /**
   * Whether the tests that expect an error must fit the input schema too (the surface's errors
   * all come from its own handling of valid arguments); by default only the others must.
   */
  errorTestsFitSchema?: boolean;
}

/**
 * The matches with those of roles the surface recognises but does not model (`modelled` says no)
 * turned into misfits giving `reason`, so the tool is left out in its place in the report and the
 * surface's tests and code only see the roles it models.
 */
export function leaveOutRoles<R extends string, I extends R, M, T>(
  matched: readonly { tool: T; match: RoleMatch<R, M> }[],
  modelled: (role: R) => role is I,
  reason: string,
): { tool: T; match: RoleMatch<I, M> }[] {
  return matched.map(({ tool, match }) =>
    !match.ok || modelled(match.role)
      ? { tool, match: match as RoleMatch<I, M> }
      : { tool, match: { ok: false, reason } },
  );
}

export function importRoleSurface<R extends string, M>(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: RoleMatch<R, M> }[],
  model: RoleSurfaceModel<R, M>,
): SurfaceImport {
  const leftOut: McpImportReport["leftOut"] = [];
  const unpublished: PublishedRole<R> = () => "";
  const fitting = matched.flatMap(({ tool, match }) => {
    const original = tool.original;
    if (!match.ok) {
      leftOut.push({ tool: original.name, status: "not yet implemented", reason: match.reason });
      return [];
    }
    const invalid = model
      .tests(match, unpublished)
      .find(
        (t) =>
          (model.errorTestsFitSchema || t.expect.error === undefined) &&
          !validateArguments(tool.schema, t.args).valid,
      );
    if (invalid || !isJsonObject(original.inputSchema)) {
      leftOut.push({
        tool: original.name,
        status: "not yet implemented",
        reason: `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      });
      return [];
    }
    return [{ original, match, inputSchema: original.inputSchema as JsonObject }];
  });
  const named = fitting.map((f) => ({ ...f, name: input.publishName(f.original.name) }));
  const published: PublishedRole<R> = (role) =>
    named.find((f) => f.match.role === role)?.name ?? "";
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const notes: string[] = [];
  for (const { original, match, inputSchema, name } of named) {
    if (name !== original.name) {
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    }
    const { effect, implementation, outputSchema } = model.tool(match, name, original, published);
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      effect,
      implementation,
      tests: model.tests(match, published),
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: model.roles[match.role].table,
      verb: model.roles[match.role].verb,
      surface: model.surface,
    });
  }
  return {
    surface: model.surface,
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: model.schemaSql,
    seed: {
      tables: Object.fromEntries(
        model.tables.map((t) => [t.name, { columns: [...t.columns], rows: t.rows }]),
      ),
    },
    tools,
    tables: model.tables.map((t) => ({
      name: t.name,
      key: t.key,
      columns: [...t.columns],
      rows: t.rows.length,
    })),
    implemented,
    leftOut,
    notes: [...notes, ...model.notes],
  };
}
