// Templates that edit prose the way a team does: tick off a checklist item in a markdown file
// (a chain: read the file to find the item's full line, then edit it), and replace a person's or
// the project's name in every file of a kind under a directory (a program that searches, reads
// each file and rewrites the ones that mention it).

import { lit } from "../../../tasks/programs/program-code";
import { helpers, replaceOnce, textCall, writeFile } from "./program-code";
import {
  type FsCandidate,
  type FsContext,
  type FsTemplate,
  fsDraft,
  quoted,
  toolList,
} from "./template";
import { filesUnder, linesOf } from "./tree";

const OPEN_ITEM = /^\s*[-*] \[ \] (?:([A-Z][\w .'-]*?): )?(.+)$/;

/** "In /projects/docs/meeting-notes/2024-06-17.md, mark the action item "review the refund flow" as done." */
export const checkItem: FsTemplate = {
  name: "check-item",
  kind: "graph",
  writes: true,
  candidates({ lens, tree }) {
    if (!lens.edit && !lens.write) return [];
    return tree.files
      .filter((f) => f.ext === ".md")
      .flatMap((file) => {
        const text = file.text ?? "";
        return linesOf(text).flatMap((line): FsCandidate[] => {
          const item = OPEN_ITEM.exec(line)?.[2];
          const owner = OPEN_ITEM.exec(line)?.[1];
          if (!item || item.length > 100 || text.split(item).length !== 2 || /["`]/.test(item)) {
            return [];
          }
          return [
            {
              key: `check:${file.path}:${item}`,
              render: () =>
                fsDraft(
                  "graph",
                  `In ${file.path}, mark the action item ${quoted(item)} as done by changing its "[ ]" to "[x]".`,
                  [
                    `const path = ${lit(file.path)};`,
                    `const text = ${textCall(lens.read_text, { path: "path" })};`,
                    `const line = text.split("\\n").find((l) => l.includes("[ ] ") && l.includes(${lit(item)}));`,
                    replaceOnce(lens, "path", "text", "line", 'line.replace("[ ]", "[x]")'),
                    "return null;",
                  ],
                  {
                    hidden: owner ? [owner] : [],
                    tools: toolList(lens.read_text, lens.edit ?? lens.write),
                  },
                  { chainLength: 2, branching: 0, writes: 1, hiddenIds: owner ? 1 : 0 },
                ),
            },
          ];
        });
      });
  },
};

const PERSON = /^[A-Z][a-z]+ [A-Z][a-z]+$/;
/** Names a renamed person or project could take; none occur in the seeded tree. */
const NEW_PEOPLE = ["Rosa Delgado", "Samuel Osei", "Mira Kowalski", "Theo Laurent", "Jonas Berg"];
const NEW_TITLES = ["Wheelhouse", "Orderly", "Parcelpoint", "Tillway"];

/** People named together in a comma list ("Attendees: A, B, C"), and the README's title. */
function renameables(ctx: FsContext): { from: string; to: string[] }[] {
  const people = new Set<string>();
  for (const file of ctx.tree.files) {
    for (const line of linesOf(file.text ?? "")) {
      const items = line.replace(/^[^:]*:\s*/, "").split(/,\s*/);
      if (items.length >= 3 && items.every((i) => PERSON.test(i.trim()))) {
        for (const i of items) people.add(i.trim());
      }
    }
  }
  const readme = ctx.tree.files.find((f) => f.path === `${ctx.tree.root}/README.md`);
  const title = /^# ([A-Z][a-z]+)$/m.exec(readme?.text ?? "")?.[1];
  const named = [...people].map((from) => ({
    from,
    to: [...[...people].filter((p) => p !== from), ...NEW_PEOPLE],
  }));
  return title ? [...named, { from: title, to: NEW_TITLES }] : named;
}

/** "Replace every "Alan Hamilton" with "Samuel Osei" in the .md files under /projects/docs." */
export const replaceName: FsTemplate = {
  name: "replace-name",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    const { lens, tree } = ctx;
    if (!lens.search || !lens.write) return [];
    return renameables(ctx).flatMap(({ from, to }) =>
      tree.dirs.flatMap((dir) => {
        const texts = filesUnder(tree, dir).filter((f) => f.text !== undefined);
        const exts = [...new Set(texts.map((f) => f.ext).filter((e) => e !== ""))];
        return exts.flatMap((ext) => {
          const scoped = texts.filter((f) => f.ext === ext);
          if (scoped.length < 2 || !scoped.some((f) => f.text?.includes(from))) return [];
          return to.map(
            (name): FsCandidate => ({
              key: `rename:${dir}:${ext}:${from}:${name}`,
              render: () =>
                fsDraft(
                  "programmatic",
                  `Replace every ${quoted(from)} with ${quoted(name)} in the ${ext} files under ${dir}.`,
                  [
                    ...helpers("matches"),
                    `const paths = matches(${textCall(lens.search ?? "", { path: lit(dir), pattern: lit(`**/*${ext}`) })});`,
                    "for (const path of paths) {",
                    `  const text = ${textCall(lens.read_text, { path: "path" })};`,
                    `  if (text.includes(${lit(from)})) ${writeFile(lens, "path", `text.split(${lit(from)}).join(${lit(name)})`)}`,
                    "}",
                    "return null;",
                  ],
                  { hidden: [], tools: toolList(lens.search, lens.read_text, lens.write) },
                  { chainLength: 1 + scoped.length, branching: 2, writes: 1, hiddenIds: 0 },
                ),
            }),
          );
        });
      }),
    );
  },
};
