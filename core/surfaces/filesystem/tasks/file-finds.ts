// Graph templates where the file is not named but described, so the first calls must find it and
// the next ones use the path they revealed: the largest or smallest file of a directory (its line
// count, first line, last-modified day, or moved into an archive folder), and the one file under a
// directory that mentions a phrase (its name, its day, or moved).
import type { Prng } from "../../../sandbox/determinism";
import type { Built } from "../../../tasks/draft";
import { callCode, lit } from "../../../tasks/programs/program-code";
import { helpers, makeDirectory, textCall } from "./program-code";
import {
  type FsCandidate,
  type FsContext,
  type FsTemplate,
  fsDraft,
  quoted,
  toolList,
} from "./template";
import { type FsFile, filesIn, filesUnder, linesOf } from "./tree";

const EXTREMES = ["largest", "smallest"] as const;
type Extreme = (typeof EXTREMES)[number];

/** The file of `dir` with the strictly largest or smallest size, or undefined on a tie. */
function extremeOf(files: readonly FsFile[], extreme: Extreme): FsFile | undefined {
  const sorted = [...files].sort((a, b) => b.size - a.size);
  const [first, second] = extreme === "largest" ? sorted : sorted.reverse();
  return first && second && first.size !== second.size ? first : undefined;
}

/** Statements setting `path` to the extreme file of `dir`, from the listing sorted by size. */
function findExtreme(ctx: FsContext, dir: string, extreme: Extreme): string[] {
  const listing = textCall(ctx.lens.list_sizes ?? "", { path: lit(dir), sortBy: lit("size") });
  return [
    ...helpers("sizedFiles"),
    `const names = sizedFiles(${listing});`,
    `const path = ${lit(`${dir}/`)} + names[${extreme === "largest" ? "0" : "names.length - 1"}];`,
  ];
}

const QUESTIONS = ["lines", "first line", "modified"] as const;

/** "How many lines does the largest file in /projects/src/routes have?" */
export const extremeFileQuestion: FsTemplate = {
  name: "extreme-file-question",
  kind: "graph",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.list_sizes) return [];
    return ctx.tree.dirs.flatMap((dir) =>
      EXTREMES.flatMap((extreme) => {
        const file = extremeOf(filesIn(ctx.tree, dir), extreme);
        if (!file) return [];
        return QUESTIONS.flatMap((question): FsCandidate[] => {
          const built = extremeQuestion(ctx, dir, extreme, file, question);
          return built
            ? [{ key: `extreme:${dir}:${extreme}:${question}`, render: () => built }]
            : [];
        });
      }),
    );
  },
};

function extremeQuestion(
  ctx: FsContext,
  dir: string,
  extreme: Extreme,
  file: FsFile,
  question: (typeof QUESTIONS)[number],
): Built | undefined {
  const { lens } = ctx;
  const first = file.text === undefined ? undefined : linesOf(file.text)[0];
  const subject = `the ${extreme} file directly in ${dir}`;
  const hidden = { hidden: [file.path, file.name] };
  const difficulty = { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 };
  const ask = (instruction: string, last: string[], tool: string, match: "exact" | "numeric") =>
    fsDraft(
      "graph",
      instruction,
      [...findExtreme(ctx, dir, extreme), ...last],
      {
        ...hidden,
        answerMatch: match === "exact" ? { kind: "exact" } : { kind: "numeric", tolerance: 1e-6 },
        tools: toolList(lens.list_sizes, tool),
      },
      difficulty,
    );
  if (question === "lines" && file.text !== undefined) {
    return ask(
      `How many lines does ${subject} have?`,
      [...helpers("lines"), `return lines(${textCall(lens.read_text, { path: "path" })}).length;`],
      lens.read_text,
      "numeric",
    );
  }
  if (question === "first line" && first && first.trim().length >= 3 && first.length <= 100) {
    return ask(
      `What is the first line of ${subject}? Answer with the line exactly as written.`,
      [`return ${textCall(lens.read_text, { path: "path", head: "1" })};`],
      lens.read_text,
      "exact",
    );
  }
  if (question === "modified" && lens.info && file.modified) {
    return ask(
      `On which day was ${subject} last modified? Answer as YYYY-MM-DD.`,
      [...helpers("modifiedDay"), `return modifiedDay(${textCall(lens.info, { path: "path" })});`],
      lens.info,
      "exact",
    );
  }
  return undefined;
}

const ARCHIVES = ["archive", "old"] as const;

/** Folders a user would move a file into: `<dir>/archive`, `<root>/archive`, `<dir>/old`. */
export function archiveFolders(ctx: FsContext, dir: string): string[] {
  const folders = [...ARCHIVES.map((a) => `${dir}/${a}`), `${ctx.tree.root}/archive`];
  return [...new Set(folders)].filter((f) => !ctx.tree.dirs.includes(f));
}

function moveInto(ctx: FsContext, folder: string): string[] {
  const { lens } = ctx;
  return [
    makeDirectory(lens, folder),
    `${callCode(lens.move ?? "", [
      ["source", "path"],
      ["destination", `${lit(`${folder}/`)} + path.slice(path.lastIndexOf("/") + 1)`],
    ])};`,
    "return null;",
  ];
}

/** "Move the largest file in /projects/docs into a new folder /projects/docs/archive." */
export const moveExtremeFile: FsTemplate = {
  name: "move-extreme-file",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    const { lens, tree } = ctx;
    if (!lens.list_sizes || !lens.move || !lens.mkdir) return [];
    return tree.dirs.flatMap((dir) =>
      EXTREMES.flatMap((extreme) => {
        const file = extremeOf(filesIn(tree, dir), extreme);
        if (!file) return [];
        return archiveFolders(ctx, dir).map(
          (folder): FsCandidate => ({
            key: `move-extreme:${dir}:${extreme}:${folder}`,
            render: () =>
              fsDraft(
                "graph",
                `Move the ${extreme} file directly in ${dir} into a new folder ${folder}, keeping its name.`,
                [...findExtreme(ctx, dir, extreme), ...moveInto(ctx, folder)],
                {
                  hidden: [file.path, file.name],
                  tools: toolList(lens.list_sizes, lens.mkdir, lens.move),
                },
                { chainLength: 3, branching: 0, writes: 2, hiddenIds: 1 },
              ),
          }),
        );
      }),
    );
  },
};

/** Word runs of 3 to 5 plain words from a file's lines, for "the file that mentions ...". */
function phrasesOf(file: FsFile): string[] {
  const out = new Set<string>();
  for (const line of linesOf(file.text ?? "")) {
    const words = line.trim().split(/\s+/);
    for (let at = 0; at < words.length; at++) {
      for (let n = 3; n <= 5 && at + n <= words.length; n++) {
        const run = words.slice(at, at + n);
        if (!run.every((w) => /^[A-Za-z][a-z'-]*[a-z]$/.test(w))) break;
        const phrase = run.join(" ");
        if (phrase.length >= 14) out.add(phrase);
      }
    }
  }
  return [...out];
}

/** Directories holding at least two text files below them, with each file's own phrases. */
function mentionScopes(ctx: FsContext): { dir: string; file: FsFile; phrases: string[] }[] {
  return ctx.tree.dirs.flatMap((dir) => {
    const texts = filesUnder(ctx.tree, dir).filter((f) => f.text !== undefined);
    if (texts.length < 2) return [];
    return texts.flatMap((file) => {
      const own = phrasesOf(file).filter(
        (p) => texts.filter((f) => f.text?.includes(p)).length === 1,
      );
      return own.length > 0 ? [{ dir, file, phrases: own }] : [];
    });
  });
}

/** Statements setting `path` to the first file under `dir` (tree order) whose text has `phrase`. */
function findMention(ctx: FsContext, dir: string, phrase: string): string[] {
  return [
    ...helpers("treeFiles"),
    `const paths = treeFiles(${textCall(ctx.lens.tree ?? "", { path: lit(dir) })}, ${lit(dir)});`,
    "let path = null;",
    "for (const candidate of paths) {",
    `  if (${textCall(ctx.lens.read_text, { path: "candidate" })}.includes(${lit(phrase)})) { path = candidate; break; }`,
    "}",
  ];
}

const MENTION_ACTIONS = ["name", "modified", "move"] as const;
type MentionAction = (typeof MENTION_ACTIONS)[number];

function mentionTemplate(name: string, actions: readonly MentionAction[]): FsTemplate {
  const writes = actions.includes("move");
  return {
    name,
    kind: "graph",
    writes,
    candidates(ctx) {
      const { lens } = ctx;
      if (!lens.tree || (writes && (!lens.move || !lens.mkdir))) return [];
      return mentionScopes(ctx).flatMap(({ dir, file, phrases }) =>
        actions.flatMap((action): FsCandidate[] => {
          if (action === "modified" && (!lens.info || !file.modified)) return [];
          const folders = action === "move" ? archiveFolders(ctx, dir).slice(0, 1) : [""];
          return folders.map((folder) => ({
            key: `mention:${dir}:${file.path}:${action}:${folder}`,
            render: (rng: Prng) =>
              mentionTask(ctx, dir, file, pickPhrase(rng, phrases), action, folder),
          }));
        }),
      );
    },
  };
}

/** "Which file under /projects/docs mentions "Redeploy the previous tag"? Answer with its name." */
export const mentionedFile = mentionTemplate("mentioned-file", ["name", "modified"]);

/** "Move the file under /projects/docs that mentions "..." into a new folder /projects/docs/archive." */
export const moveMentionedFile = mentionTemplate("move-mentioned-file", ["move"]);

function pickPhrase(rng: Prng, phrases: readonly string[]): string {
  return phrases[Math.floor(rng.next() * phrases.length)] ?? "";
}

function mentionTask(
  ctx: FsContext,
  dir: string,
  file: FsFile,
  phrase: string,
  action: MentionAction,
  folder: string,
): Built {
  const { lens } = ctx;
  const subject = `the file under ${dir} that mentions ${quoted(phrase)}`;
  const find = findMention(ctx, dir, phrase);
  const rest = { hidden: [file.path, file.name] };
  const reads = 1 + filesUnder(ctx.tree, dir).indexOf(file);
  if (action === "move") {
    return fsDraft(
      "graph",
      `Move ${subject} into a new folder ${folder}, keeping its name.`,
      [...find, ...moveInto(ctx, folder)],
      { ...rest, tools: toolList(lens.tree, lens.read_text, lens.mkdir, lens.move) },
      { chainLength: 3 + reads, branching: 1, writes: 2, hiddenIds: 1 },
    );
  }
  if (action === "modified") {
    return fsDraft(
      "graph",
      `On which day was ${subject} last modified? Answer as YYYY-MM-DD.`,
      [
        ...find,
        ...helpers("modifiedDay"),
        `return modifiedDay(${textCall(lens.info ?? "", { path: "path" })});`,
      ],
      {
        ...rest,
        answerMatch: { kind: "exact" },
        tools: toolList(lens.tree, lens.read_text, lens.info),
      },
      { chainLength: 2 + reads, branching: 1, writes: 0, hiddenIds: 1 },
    );
  }
  return fsDraft(
    "graph",
    `Which file under ${dir} mentions ${quoted(phrase)}? Answer with its file name.`,
    [...find, 'return path.slice(path.lastIndexOf("/") + 1);'],
    {
      ...rest,
      hidden: [file.path],
      answerMatch: { kind: "exact" },
      tools: toolList(lens.tree, lens.read_text),
    },
    { chainLength: 1 + reads, branching: 1, writes: 0, hiddenIds: 1 },
  );
}
