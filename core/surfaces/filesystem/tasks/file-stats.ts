// Questions over every file of a kind under a directory, answered by a program that finds them with
// a glob search and then reads each one (lines that mention a word, the file with the most lines)
// or asks the info tool about each one (the largest file, their combined size, how many changed
// after a day). All questions over the same files make the same calls, so each is one candidate.
import type { Prng } from "../../../sandbox/determinism";
import type { Built, TaskDraft } from "../../../tasks/draft";
import { lit } from "../../../tasks/programs/program-code";
import { type Helper, helpers, textCall } from "./program-code";
import {
  type FsCandidate,
  type FsContext,
  type FsTemplate,
  fsDraft,
  quoted,
  toolList,
} from "./template";
import { type FsFile, filesUnder, linesOf } from "./tree";

interface Scope {
  dir: string;
  ext: string;
  files: FsFile[];
}

/** Every directory and extension with at least two text files of it below the directory. */
function scopes(ctx: FsContext): Scope[] {
  return ctx.tree.dirs.flatMap((dir) => {
    const texts = filesUnder(ctx.tree, dir).filter((f) => f.text !== undefined && f.ext !== "");
    return [...new Set(texts.map((f) => f.ext))].flatMap((ext) => {
      const files = texts.filter((f) => f.ext === ext);
      return files.length >= 2 ? [{ dir, ext, files }] : [];
    });
  });
}

/** The one item with the highest score, or undefined on a tie. */
function uniqueMax<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  const best = Math.max(...items.map(score));
  const top = items.filter((i) => score(i) === best);
  return top.length === 1 ? top[0] : undefined;
}

function question(
  ctx: FsContext,
  scope: Scope,
  instruction: string,
  uses: Helper[],
  perFile: string[],
  finish: string,
  match: TaskDraft["answerMatch"],
  tool: string,
): Built {
  const { lens } = ctx;
  return fsDraft(
    "programmatic",
    instruction,
    [
      ...helpers("matches", ...uses),
      `const paths = matches(${textCall(lens.search ?? "", { path: lit(scope.dir), pattern: lit(`**/*${scope.ext}`) })});`,
      ...perFile,
      finish,
    ],
    { ...(match ? { answerMatch: match } : {}), hidden: [], tools: toolList(lens.search, tool) },
    { chainLength: 1 + scope.files.length, branching: 2, writes: 0, hiddenIds: 0 },
  );
}

const numeric = { kind: "numeric", tolerance: 1e-6 } as const;
const exact = { kind: "exact" } as const;

/** "How many lines of the .ts files under /projects/src contain "logger"?" and the like. */
function readQuestion(ctx: FsContext, scope: Scope, rng: Prng): Built {
  const { lens } = ctx;
  const files = `the ${scope.ext} files under ${scope.dir}`;
  const read = textCall(lens.read_text, { path: "path" });
  const words = [
    ...new Set(scope.files.flatMap((f) => f.text?.match(/\b[A-Za-z]{4,}\b/g) ?? [])),
  ].filter((w) => scope.files.filter((f) => f.text?.includes(w)).length >= 2);
  const longest = uniqueMax(scope.files, (f) => linesOf(f.text ?? "").length);
  const choice = Math.floor(rng.next() * 3);
  const word = words[Math.floor(rng.next() * words.length)];
  if (choice === 0 && word) {
    return question(
      ctx,
      scope,
      `How many lines of ${files} contain ${quoted(word)}?`,
      ["lines"],
      [
        "let count = 0;",
        `for (const path of paths) for (const line of lines(${read})) if (line.includes(${lit(word)})) count += 1;`,
      ],
      "return count;",
      numeric,
      lens.read_text,
    );
  }
  if (choice === 1 && longest) {
    return question(
      ctx,
      scope,
      `Which of ${files} has the most lines? Answer with its file name.`,
      ["lines", "nameOf"],
      [
        "let best = null;",
        "let most = -1;",
        "for (const path of paths) {",
        `  const n = lines(${read}).length;`,
        "  if (n > most) { most = n; best = nameOf(path); }",
        "}",
      ],
      "return best;",
      exact,
      lens.read_text,
    );
  }
  return question(
    ctx,
    scope,
    `How many lines do ${files} have in total?`,
    ["lines"],
    ["let total = 0;", `for (const path of paths) total += lines(${read}).length;`],
    "return total;",
    numeric,
    lens.read_text,
  );
}

/** "Which of the .md files under /projects/docs is the largest?" and the like. */
function infoQuestion(ctx: FsContext, scope: Scope, rng: Prng): Built {
  const { lens } = ctx;
  const files = `the ${scope.ext} files under ${scope.dir}`;
  const info = textCall(lens.info ?? "", { path: "path" });
  const largest = uniqueMax(scope.files, (f) => f.size);
  const days = [...new Set(scope.files.flatMap((f) => (f.modified ? [f.modified] : [])))].sort();
  const day = days[Math.floor(rng.next() * (days.length - 1))];
  const choice = Math.floor(rng.next() * 3);
  if (choice === 0 && largest) {
    return question(
      ctx,
      scope,
      `Which of ${files} is the largest? Answer with its file name.`,
      ["sizeOf", "nameOf"],
      [
        "let best = null;",
        "let most = -1;",
        "for (const path of paths) {",
        `  const size = sizeOf(${info});`,
        "  if (size > most) { most = size; best = nameOf(path); }",
        "}",
      ],
      "return best;",
      exact,
      lens.info ?? "",
    );
  }
  if (choice === 1 && day && days.length >= 2) {
    return question(
      ctx,
      scope,
      `How many of ${files} were last modified after ${day}?`,
      ["modifiedDay"],
      [
        "let count = 0;",
        `for (const path of paths) if (modifiedDay(${info}) > ${lit(day)}) count += 1;`,
      ],
      "return count;",
      numeric,
      lens.info ?? "",
    );
  }
  return question(
    ctx,
    scope,
    `What is the combined size in bytes of ${files}?`,
    ["sizeOf"],
    ["let total = 0;", `for (const path of paths) total += sizeOf(${info});`],
    "return total;",
    numeric,
    lens.info ?? "",
  );
}

/** Questions over the files of a kind under a directory; one candidate per scope and tool. */
export const filesQuestion: FsTemplate = {
  name: "files-question",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.search) return [];
    return scopes(ctx).flatMap((scope): FsCandidate[] => [
      {
        key: `files-read:${scope.dir}:${scope.ext}`,
        render: (rng) => readQuestion(ctx, scope, rng),
      },
      ...(ctx.lens.info
        ? [
            {
              key: `files-info:${scope.dir}:${scope.ext}`,
              render: (rng: Prng) => infoQuestion(ctx, scope, rng),
            },
          ]
        : []),
    ]);
  },
};
