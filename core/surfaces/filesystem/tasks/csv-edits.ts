// Templates that change rows of a CSV file the way a user asks for it: one named row's field (a
// graph chain: read the file to find the row's current line, then edit that line), every row
// that passes a test, and every row whose referenced row in another file passes one (programs
// that loop over the rows and rewrite the file).

import { lit } from "../../../tasks/programs/program-code";
import { columnWords, entities, type RowTest, readRows, rowTests, valuesOf } from "./csv-code";
import { helpers, replaceOnce, textCall, writeFile } from "./program-code";
import { cells } from "./tables";
import {
  type FsCandidate,
  type FsContext,
  type FsTemplate,
  fsDraft,
  quoted,
  toolList,
} from "./template";

/** "In /projects/data/orders.csv, set the status of the order "ORD-24051" to "refunded"." */
export const csvSetField: FsTemplate = {
  name: "csv-set-field",
  kind: "graph",
  writes: true,
  candidates({ lens, tables }) {
    if (!lens.edit && !lens.write) return [];
    return tables.flatMap((table) => {
      const label = table.label;
      if (label === undefined) return [];
      const text = table.file.text ?? "";
      const settable = [
        ...table.categories,
        ...table.numbers.filter((c) => cells(table, c).every((v) => /^\d+$/.test(v))),
      ];
      return table.rows.flatMap((row) => {
        const line = row.join(",");
        if (text.split(line).length !== 2) return [];
        return settable.flatMap((c) =>
          valuesOf(table, c)
            .filter((value) => value !== row[c])
            .map((value): FsCandidate => {
              const name = row[label] ?? "";
              const path = table.file.path;
              return {
                key: `set:${path}:${name}:${table.header[c]}:${value}`,
                render: () =>
                  fsDraft(
                    "graph",
                    `In ${path}, set the ${columnWords(table, c)} of the ${table.entity} ${quoted(name)} to ${quoted(value)}.`,
                    [
                      `const path = ${lit(path)};`,
                      `const text = ${textCall(lens.read_text, { path: "path" })};`,
                      'const header = text.split("\\n")[0].split(",");',
                      `const row = text.split("\\n").find((line) => line.split(",")[header.indexOf(${lit(table.header[label] ?? "")})] === ${lit(name)});`,
                      'const cells = row.split(",");',
                      `cells[header.indexOf(${lit(table.header[c] ?? "")})] = ${lit(value)};`,
                      replaceOnce(lens, "path", "text", "row", 'cells.join(",")'),
                      "return null;",
                    ],
                    {
                      hidden: [row[c] ?? ""],
                      tools: toolList(lens.read_text, lens.edit ?? lens.write),
                    },
                    { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
                  ),
              };
            }),
        );
      });
    });
  },
};

/** Code mapping each data line of `text` through `change(cells)` and writing the file back. */
function rewriteLines(ctx: FsContext, path: string, when: string, column: string, value: string) {
  return [
    `const text = ${textCall(ctx.lens.read_text, { path: lit(path) })};`,
    'const header = text.split("\\n")[0].split(",");',
    `const target = header.indexOf(${lit(column)});`,
    'const updated = text.split("\\n").map((line, i) => {',
    '  if (i === 0 || line === "") return line;',
    '  const cells = line.split(",");',
    `  if (${when}) cells[target] = ${lit(value)};`,
    '  return cells.join(",");',
    "});",
    writeFile(ctx.lens, lit(path), 'updated.join("\\n")'),
    "return null;",
  ];
}

/** "In /projects/data/orders.csv, set the status of every order whose total is above 100 to "shipped"." */
export const csvUpdateWhere: FsTemplate = {
  name: "csv-update-where",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.write) return [];
    return ctx.tables.flatMap((table) =>
      rowTests(table).flatMap((test) => {
        const matched = table.rows.filter((r) => test.test(r));
        if (matched.length === 0 || matched.length === table.rows.length) return [];
        return table.categories.flatMap((c) =>
          valuesOf(table, c)
            .filter((value) => matched.some((r) => r[c] !== value))
            .map((value): FsCandidate => {
              const path = table.file.path;
              const column = table.header[c] ?? "";
              return {
                key: `where:${path}:${test.key}:${column}:${value}`,
                render: () =>
                  fsDraft(
                    "programmatic",
                    `In ${path}, set the ${columnWords(table, c)} of every ${table.entity} ${test.words} to ${quoted(value)}.`,
                    rewriteLines(ctx, path, test.code("cells", "header"), column, value),
                    { hidden: [], tools: toolList(ctx.lens.read_text, ctx.lens.write) },
                    { chainLength: 2, branching: 2, writes: 1, hiddenIds: 0 },
                  ),
              };
            }),
        );
      }),
    );
  },
};

/**
 * "In /projects/data/orders.csv, set the status of every order whose customer (in
 * /projects/data/customers.csv) has the city "Berlin" to "cancelled"."
 */
export const csvUpdateJoined: FsTemplate = {
  name: "csv-update-joined",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.write) return [];
    return ctx.references.flatMap(({ child, column, parent, parentColumn }) => {
      const own: (RowTest | undefined)[] = [
        undefined,
        ...rowTests(child).filter((t) => !t.key.includes(">")),
      ];
      return rowTests(parent)
        .filter((t) => !t.key.includes(">"))
        .flatMap((outer) => {
          const keys = new Set(
            parent.rows.filter((r) => outer.test(r)).map((r) => r[parentColumn] ?? ""),
          );
          return own.flatMap((inner) => {
            const matched = child.rows.filter(
              (r) => keys.has(r[column] ?? "") && (!inner || inner.test(r)),
            );
            if (matched.length === 0) return [];
            return child.categories.flatMap((c) =>
              valuesOf(child, c)
                .filter((value) => matched.some((r) => r[c] !== value))
                .map((value): FsCandidate => {
                  const target = child.header[c] ?? "";
                  const which = [inner?.words, `whose ${parent.entity} has ${outer.has}`]
                    .filter((w) => w !== undefined)
                    .join(" and ");
                  const when = [
                    `keys.has(cells[header.indexOf(${lit(child.header[column] ?? "")})])`,
                    ...(inner ? [inner.code("cells", "header")] : []),
                  ].join(" && ");
                  return {
                    key: `joined:${child.file.path}:${outer.key}:${inner?.key ?? ""}:${target}:${value}`,
                    render: () =>
                      fsDraft(
                        "programmatic",
                        `The ${entities(parent)} are in ${parent.file.path}. In ${child.file.path}, set the ${columnWords(child, c)} of every ${child.entity} ${which} to ${quoted(value)}.`,
                        [
                          ...helpers("lines"),
                          readRows(ctx.lens, "parents", parent.file.path),
                          "const keys = new Set();",
                          `for (const cells of parents.slice(1)) if (${outer.code("cells", "parents[0]")}) keys.add(cells[parents[0].indexOf(${lit(parent.header[parentColumn] ?? "")})]);`,
                          ...rewriteLines(ctx, child.file.path, when, target, value),
                        ],
                        {
                          hidden: [...keys],
                          tools: toolList(ctx.lens.read_text, ctx.lens.write),
                        },
                        { chainLength: 3, branching: 2, writes: 1, hiddenIds: 1 },
                      ),
                  };
                }),
            );
          });
        });
    });
  },
};
