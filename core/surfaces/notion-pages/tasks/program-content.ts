// Programmatic templates over pages and blocks: loops over a page's child pages that read each
// one's blocks and move to the trash those that match a condition (no content, fewer blocks than
// a bound, no to-dos), loops over a page's to-dos that tick the open ones a person owns or that
// mention a word, and a count of the open to-dos across a page's child pages.

import { lit } from "../../../tasks/programs/program-code";
import { type BlockView, namedPages, type PageView, type Workspace } from "./explore";
import { callWith, pagesDraft } from "./program";
import { givesAway, pageName, quoted, template, toolOf } from "./template";

interface PageCondition {
  words: string;
  test(blocks: readonly BlockView[]): boolean;
  code: string;
}

const CONDITIONS: readonly PageCondition[] = [
  { words: "has no content at all", test: (b) => b.length === 0, code: "blocks.length === 0" },
  ...[2, 3, 4].map((n) => ({
    words: `has fewer than ${["", "", "two", "three", "four"][n]} blocks of content`,
    test: (b: readonly BlockView[]) => b.length < n,
    code: `blocks.length < ${n}`,
  })),
  {
    words: "has no to-dos",
    test: (b) => !b.some((x) => x.type === "to_do"),
    code: '!blocks.some((b) => b.type === "to_do")',
  },
  {
    words: "has no headings",
    test: (b) => !b.some((x) => x.type.startsWith("heading_")),
    code: '!blocks.some((b) => b.type.startsWith("heading_"))',
  },
  {
    words: "has no open to-dos left",
    test: (b) => !b.some((x) => x.type === "to_do" && x.checked !== true),
    code: '!blocks.some((b) => b.type === "to_do" && !b.checked)',
  },
];

interface TrashChoice {
  parent: PageView;
  condition: PageCondition;
  hits: PageView[];
}

const childPages = (ws: Workspace, parent: PageView) =>
  parent.blocks
    .filter((b) => b.type === "child_page")
    .flatMap((b) => ws.pages.filter((p) => p.id === b.id));

/** "Move to the trash every page directly inside "Drafts" that has no content at all." */
export const trashSweep = template<TrashChoice>({
  name: "trash-sweep",
  kind: "programmatic",
  roles: ["update_page"],
  choices: (lens, ws) =>
    lens.update_page?.args.inTrash || lens.update_page?.args.archived
      ? namedPages(ws).flatMap((parent) => {
          const children = childPages(ws, parent);
          if (children.length < 2) return [];
          const seen = new Set<string>();
          return CONDITIONS.flatMap((condition) => {
            const hits = children.filter((c) => condition.test(c.blocks));
            const key = hits.map((h) => h.id).join(",");
            if (hits.length === 0 || hits.length === children.length || seen.has(key)) return [];
            seen.add(key);
            return [{ parent, condition, hits }];
          });
        })
      : [],
  writes: (c) => c.hits.length,
  draft(ctx, _ws, c) {
    const update = toolOf(ctx.lens, "update_page");
    const flag = update.args.inTrash ? "inTrash" : "archived";
    return pagesDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Move to the trash every page directly inside ${pageName(c.parent)} that ${c.condition.words}. Leave the others alone.`,
      helpers: ["pageIdOf", "blocksOf"],
      statements: [
        `const parentId = pageIdOf(${lit(c.parent.title)});`,
        'for (const child of blocksOf(parentId).filter((b) => b.type === "child_page")) {',
        "  const blocks = blocksOf(child.id);",
        `  if (${c.condition.code}) ${callWith(update, { page: "child.id", [flag]: "true" })};`,
        "}",
        "return null;",
      ],
      hidden: [c.parent.id, ...c.hits.map((h) => h.id)],
      tools: [ctx.lens.search.name, ctx.lens.block_children.name, update.name],
      difficulty: {
        chainLength: 3 + c.hits.length,
        branching: 1,
        writes: c.hits.length,
        hiddenIds: 2,
      },
    });
  },
});

interface TodoSweepChoice {
  page: PageView;
  prefix: string;
  hits: BlockView[];
  tick: boolean;
}

/** "In the engineering sync notes of ..., tick every open to-do that starts with "Priya:"." */
export const todoSweep = template<TodoSweepChoice>({
  name: "todo-sweep",
  kind: "programmatic",
  roles: ["update_block"],
  choices: (_lens, ws) =>
    namedPages(ws).flatMap((page) => {
      const todos = page.blocks.filter((b) => b.type === "to_do");
      const prefixes = new Set(
        todos.flatMap((t) => {
          const m = /^([A-Z][\p{L}]+):/u.exec(t.text);
          return m ? [`${m[1]}:`] : [];
        }),
      );
      return [...prefixes].sort().flatMap((prefix) =>
        [true, false].flatMap((tick) => {
          const hits = todos.filter(
            (t) => t.text.startsWith(prefix) && (t.checked === true) !== tick,
          );
          return hits.length > 0 ? [{ page, prefix, hits, tick }] : [];
        }),
      );
    }),
  writes: (c) => c.hits.length,
  draft(ctx, _ws, c) {
    const update = toolOf(ctx.lens, "update_block");
    const who = c.prefix.slice(0, -1);
    return pagesDraft(ctx.lens, {
      kind: "programmatic",
      instruction: c.tick
        ? `In ${pageName(c.page)}, tick every to-do of ${who} (the ones starting with ${quoted(c.prefix)}) that is still open.`
        : `In ${pageName(c.page)}, untick every ticked to-do of ${who} (the ones starting with ${quoted(c.prefix)}); they need another look.`,
      helpers: ["pageIdOf", "blocksOf"],
      statements: [
        `const pageId = pageIdOf(${lit(c.page.title)});`,
        "for (const block of blocksOf(pageId)) {",
        `  if (block.type === "to_do" && block.text.startsWith(${lit(c.prefix)}) && block.checked !== ${c.tick}) {`,
        `    ${callWith(update, { block: "block.id", blockType: `{ to_do: { checked: ${c.tick} } }` })};`,
        "  }",
        "}",
        "return null;",
      ],
      hidden: [c.page.id, ...c.hits.map((h) => h.id)],
      tools: [ctx.lens.search.name, ctx.lens.block_children.name, update.name],
      difficulty: {
        chainLength: 2 + c.hits.length,
        branching: 1,
        writes: c.hits.length,
        hiddenIds: 2,
      },
    });
  },
});

interface OpenTodoChoice {
  parent: PageView;
  answer: number;
}

/** "How many to-dos are still open across all the pages directly inside the page "Meeting Notes"?" */
export const openTodoCount = template<OpenTodoChoice>({
  name: "open-todo-count",
  kind: "programmatic",
  roles: [],
  choices: (_lens, ws) =>
    namedPages(ws).flatMap((parent) => {
      const todos = childPages(ws, parent).flatMap((c) =>
        c.blocks.filter((b) => b.type === "to_do" && b.checked !== true),
      );
      if (todos.length === 0) return [];
      return [{ parent, answer: todos.length }];
    }),
  writes: () => 0,
  draft(ctx, _ws, c) {
    const instruction = `How many to-dos are still open across all the pages directly inside ${pageName(c.parent)}?`;
    if (givesAway(instruction, c.answer))
      return { reason: "no_answer", detail: "the answer is in the question" };
    return pagesDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["pageIdOf", "blocksOf"],
      statements: [
        `const parentId = pageIdOf(${lit(c.parent.title)});`,
        "let open = 0;",
        'for (const child of blocksOf(parentId).filter((b) => b.type === "child_page")) {',
        "  for (const block of blocksOf(child.id)) {",
        '    if (block.type === "to_do" && !block.checked) open += 1;',
        "  }",
        "}",
        "return open;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [c.parent.id],
      tools: [ctx.lens.search.name, ctx.lens.block_children.name],
      difficulty: { chainLength: 3, branching: 2, writes: 0, hiddenIds: 1 },
    });
  },
});
