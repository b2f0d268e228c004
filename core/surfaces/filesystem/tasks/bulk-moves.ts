// Programs that tidy a directory: move every file that passes a rule (its extension, last
// modified before a day, larger than a size) into a new folder. The solution lists the directory,
// asks the info tool about each file when the rule needs it, and moves the ones that pass.

import { callCode, lit } from "../../../tasks/programs/program-code";
import { roundBetween } from "../../../tasks/programs/program-values";
import { archiveFolders } from "./file-finds";
import { helpers, makeDirectory, textCall } from "./program-code";
import { type FsCandidate, type FsContext, type FsTemplate, fsDraft, toolList } from "./template";
import { type FsFile, filesIn } from "./tree";

interface MoveRule {
  key: string;
  words: (dir: string) => string;
  /** Whether the rule reads each file's info. */
  info: boolean;
  /** Code testing one listed `name` (with `info` the file's info text, when the rule reads it). */
  code: string;
  test(file: FsFile): boolean;
}

function rules(ctx: FsContext, files: readonly FsFile[]): MoveRule[] {
  const exts = [...new Set(files.map((f) => f.ext).filter((e) => e !== ""))];
  const byExt = exts.map(
    (ext): MoveRule => ({
      key: `ext${ext}`,
      words: (dir) => `every ${ext} file directly in ${dir}`,
      info: false,
      code: `name.endsWith(${lit(ext)})`,
      test: (f) => f.ext === ext,
    }),
  );
  if (!ctx.lens.info) return byExt;
  const days = [...new Set(files.flatMap((f) => (f.modified ? [f.modified] : [])))].sort();
  const byDay = days.slice(1).map(
    (day): MoveRule => ({
      key: `before${day}`,
      words: (dir) => `every file directly in ${dir} last modified before ${day}`,
      info: true,
      code: `modifiedDay(info) < ${lit(day)}`,
      test: (f) => f.modified !== undefined && f.modified < day,
    }),
  );
  const sizes = [...new Set(files.map((f) => f.size))].sort((a, b) => a - b);
  const bySize = sizes.slice(0, -1).flatMap((lo, i): MoveRule[] => {
    const t = roundBetween(lo, sizes[i + 1] as number);
    return t === undefined || !Number.isInteger(t)
      ? []
      : [
          {
            key: `over${t}`,
            words: (dir) => `every file directly in ${dir} larger than ${t} bytes`,
            info: true,
            code: `sizeOf(info) > ${t}`,
            test: (f) => f.size > t,
          },
        ];
  });
  return [...byExt, ...byDay, ...bySize];
}

/** "Move every file in /projects/docs last modified before 2024-07-01 into a new folder /projects/docs/archive." */
export const moveByRule: FsTemplate = {
  name: "move-by-rule",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    const { lens, tree } = ctx;
    if (!lens.list || !lens.mkdir || !lens.move) return [];
    return tree.dirs.flatMap((dir) => {
      const files = filesIn(tree, dir);
      if (files.length < 2) return [];
      return rules(ctx, files).flatMap((rule) => {
        const moved = files.filter((f) => rule.test(f));
        if (moved.length === 0 || (rule.info && moved.length === files.length)) return [];
        return archiveFolders(ctx, dir).map(
          (folder): FsCandidate => ({
            key: `move-rule:${dir}:${rule.key}:${folder}`,
            render: () =>
              fsDraft(
                "programmatic",
                `Move ${rule.words(dir)} into a new folder ${folder}, keeping the file names.`,
                [
                  ...helpers(
                    "listedFiles",
                    ...(rule.info ? (["modifiedDay", "sizeOf"] as const) : []),
                  ),
                  `const dir = ${lit(dir)};`,
                  `const names = listedFiles(${textCall(lens.list ?? "", { path: "dir" })});`,
                  "const chosen = [];",
                  "for (const name of names) {",
                  ...(rule.info
                    ? [`  const info = ${textCall(lens.info ?? "", { path: 'dir + "/" + name' })};`]
                    : []),
                  `  if (${rule.code}) chosen.push(name);`,
                  "}",
                  makeDirectory(lens, folder),
                  "for (const name of chosen) {",
                  `  ${callCode(lens.move ?? "", [
                    ["source", 'dir + "/" + name'],
                    ["destination", `${lit(`${folder}/`)} + name`],
                  ])};`,
                  "}",
                  "return null;",
                ],
                {
                  hidden: moved.map((f) => f.name),
                  tools: toolList(
                    lens.list,
                    rule.info ? lens.info : undefined,
                    lens.mkdir,
                    lens.move,
                  ),
                },
                {
                  chainLength: 2 + moved.length,
                  branching: 2,
                  writes: 1 + moved.length,
                  hiddenIds: 0,
                },
              ),
          }),
        );
      });
    });
  },
};
