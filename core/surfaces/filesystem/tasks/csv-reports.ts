// Templates that aggregate CSV files: a summary file with one line per group (orders per status,
// the total per customer city through the customers file), and a question answered by joining two
// files (how many orders have a customer on the "business" plan). Solutions loop over the rows.

import { lit } from "../../../tasks/programs/program-code";
import { columnWords, entities, readRows, valuesOf } from "./csv-code";
import { helpers, makeDirectory, writeFile } from "./program-code";
import { type CsvReference, type CsvTable, cells } from "./tables";
import {
  type FsCandidate,
  type FsContext,
  type FsTemplate,
  fsDraft,
  quoted,
  toolList,
} from "./template";

/** What a summary groups by: a column of the table, or of the rows its references point at. */
interface Grouping {
  slug: string;
  header: string;
  words: string;
  /** Code setting up `groupOf(cells)` for a row of the table. */
  setup: (ctx: FsContext) => string[];
}

function groupings(table: CsvTable, references: readonly CsvReference[]): Grouping[] {
  const own = table.categories.map(
    (c): Grouping => ({
      slug: table.header[c] ?? "",
      header: table.header[c] ?? "",
      words: columnWords(table, c),
      setup: () => [
        `const groupOf = (cells) => cells[rows[0].indexOf(${lit(table.header[c] ?? "")})];`,
      ],
    }),
  );
  const joined = references
    .filter((r) => r.child === table)
    .flatMap(({ column, parent, parentColumn }) =>
      parent.categories.map(
        (c): Grouping => ({
          slug: `${parent.entity}-${parent.header[c] ?? ""}`.replace(/[^a-z0-9]+/gi, "-"),
          header: parent.header[c] ?? "",
          words: `${parent.entity} ${columnWords(parent, c)} (from ${parent.file.path})`,
          setup: (ctx) => [
            readRows(ctx.lens, "parents", parent.file.path),
            "const groups = {};",
            `for (const cells of parents.slice(1)) groups[cells[parents[0].indexOf(${lit(parent.header[parentColumn] ?? "")})]] = cells[parents[0].indexOf(${lit(parent.header[c] ?? "")})];`,
            `const groupOf = (cells) => groups[cells[rows[0].indexOf(${lit(table.header[column] ?? "")})]];`,
          ],
        }),
      ),
    );
  return [...own, ...joined];
}

/**
 * "Create /projects/data/orders-by-status.csv summarizing /projects/data/orders.csv: first the
 * header line "status,total", then one line per status ... giving the total of its orders."
 */
export const csvSummary: FsTemplate = {
  name: "csv-summary",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    const { lens, tree, tables, references } = ctx;
    if (!lens.write) return [];
    return tables.flatMap((table) => {
      const stem = table.file.name.slice(0, -table.file.ext.length);
      const measures = [
        undefined,
        ...table.numbers.map((c) => ({
          c,
          decimals: cells(table, c).some((v) => v.includes(".")),
        })),
      ];
      const folders = [table.file.dir, tree.root, `${tree.root}/reports`];
      return groupings(table, references).flatMap((group) =>
        measures.flatMap((measure) =>
          [...new Set(folders)].flatMap((folder): FsCandidate[] => {
            const fresh = !tree.dirs.includes(folder);
            if (fresh && !lens.mkdir) return [];
            const target = `${folder}/${stem}-by-${group.slug}.csv`;
            const name = measure ? (table.header[measure.c] ?? "") : "count";
            const title = `${group.header},${name}`;
            const what = measure
              ? `the sum of the ${columnWords(table, measure.c)} column over the ${entities(table)} in it${measure.decimals ? ", written with two decimals" : ""}`
              : `the number of ${entities(table)} in it`;
            const add = measure ? `Number(cells[rows[0].indexOf(${lit(name)})])` : "1";
            const shown = measure?.decimals ? "sums[key].toFixed(2)" : "sums[key]";
            return [
              {
                key: `summary:${target}:${name}`,
                render: () =>
                  fsDraft(
                    "programmatic",
                    `Create ${target}${fresh ? " (in a new folder)" : ""} summarizing ${table.file.path}: first the header line ${quoted(title)}, then one line per ${group.words}, in alphabetical order, giving ${what}, separated by a comma. End every line with a newline.`,
                    [
                      ...helpers("lines"),
                      readRows(lens, "rows", table.file.path),
                      ...group.setup(ctx),
                      "const sums = {};",
                      `for (const cells of rows.slice(1)) sums[groupOf(cells)] = (sums[groupOf(cells)] || 0) + ${add};`,
                      `const out = [${lit(title)}];`,
                      `for (const key of Object.keys(sums).sort()) out.push(key + "," + ${shown});`,
                      ...(fresh ? [makeDirectory(lens, folder)] : []),
                      writeFile(lens, lit(target), 'out.join("\\n") + "\\n"'),
                      "return null;",
                    ],
                    {
                      hidden: [],
                      tools: toolList(lens.read_text, fresh ? lens.mkdir : undefined, lens.write),
                    },
                    { chainLength: 2, branching: 2, writes: 1, hiddenIds: 0 },
                  ),
              },
            ];
          }),
        ),
      );
    });
  },
};

/** "How many orders have a customer (see /projects/data/customers.csv) whose plan is "pro"?" */
export const csvJoinAnswer: FsTemplate = {
  name: "csv-join-answer",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    return ctx.references.map(
      ({ child, column, parent, parentColumn }): FsCandidate => ({
        // Every question over the same two files makes the same two reads.
        key: `join-answer:${child.file.path}:${parent.file.path}`,
        render(rng) {
          const questions = parent.categories.flatMap((c) =>
            valuesOf(parent, c).flatMap((value) => [
              { c, value, measure: undefined as number | undefined },
              ...child.numbers.map((m) => ({ c, value, measure: m as number | undefined })),
            ]),
          );
          const q = questions[Math.floor(rng.next() * questions.length)];
          if (!q) return { reason: "no_question", detail: "no category to join on" };
          const keyName = lit(parent.header[parentColumn] ?? "");
          const subject = `${entities(child)} in ${child.file.path} whose ${parent.entity} (in ${parent.file.path}) has the ${columnWords(parent, q.c)} ${quoted(q.value)}`;
          return fsDraft(
            "programmatic",
            q.measure === undefined
              ? `How many ${subject} are there?`
              : `What is the sum of the ${columnWords(child, q.measure)} column over the ${subject}? Round to two decimals.`,
            [
              ...helpers("lines"),
              readRows(ctx.lens, "parents", parent.file.path),
              "const keys = new Set();",
              `for (const cells of parents.slice(1)) if (cells[parents[0].indexOf(${lit(parent.header[q.c] ?? "")})] === ${lit(q.value)}) keys.add(cells[parents[0].indexOf(${keyName})]);`,
              readRows(ctx.lens, "rows", child.file.path),
              "let total = 0;",
              "for (const cells of rows.slice(1)) {",
              `  if (keys.has(cells[rows[0].indexOf(${lit(child.header[column] ?? "")})])) total += ${q.measure === undefined ? "1" : `Number(cells[rows[0].indexOf(${lit(child.header[q.measure] ?? "")})])`};`,
              "}",
              "return Math.round(total * 100) / 100;",
            ],
            {
              answerMatch: { kind: "numeric", tolerance: 1e-6 },
              hidden: [],
              tools: toolList(ctx.lens.read_text),
            },
            { chainLength: 2, branching: 2, writes: 0, hiddenIds: 0 },
          );
        },
      }),
    );
  },
};
