// Graph templates over pages and their blocks. Each names a page the way a user does (its title,
// or a meeting and its date) and a block by its text; the chain finds the page in the title
// search, its blocks in the block children, and writes: tick or untick a to-do, add a bullet
// right under a heading, add a paragraph at the end, comment on the page, move it under another
// page, or move it to the trash.

import { lit } from "../../../tasks/programs/program-code";
import { type BlockView, namedPages, type PageView, quotable, type Workspace } from "./explore";
import { callWith, pagesDraft } from "./program";
import { pageName, quoted, richCode, template, toolOf } from "./template";
import { BULLETS, COMMENTS, PARAGRAPHS } from "./words";

/** Blocks of a page a user can point at by their text: quotable and unique among its kind. */
function namedBlocks(page: PageView, test: (b: BlockView) => boolean): BlockView[] {
  const kind = page.blocks.filter(test);
  return kind.filter((b) => quotable(b.text) && kind.filter((o) => o.text === b.text).length === 1);
}

const findPage = (page: PageView) => [`const pageId = pageIdOf(${lit(page.title)});`];

interface TodoChoice {
  page: PageView;
  todo: BlockView;
}

/** "In the engineering sync notes of Monday, December 30, 2024, tick the to-do "..."." */
export const tickTodo = template<TodoChoice>({
  name: "tick-todo",
  kind: "graph",
  roles: ["update_block"],
  choices: (_lens, ws) =>
    namedPages(ws).flatMap((page) =>
      namedBlocks(page, (b) => b.type === "to_do").map((todo) => ({ page, todo })),
    ),
  writes: () => 1,
  draft(ctx, _ws, { page, todo }) {
    const update = toolOf(ctx.lens, "update_block");
    const ticked = todo.checked !== true;
    const instruction = ticked
      ? `In ${pageName(page)}, tick the to-do ${quoted(todo.text)}; it is done.`
      : `In ${pageName(page)}, the to-do ${quoted(todo.text)} is not actually done: untick it.`;
    return pagesDraft(ctx.lens, {
      kind: "graph",
      instruction,
      helpers: ["pageIdOf", "blocksOf"],
      statements: [
        ...findPage(page),
        `const todo = blocksOf(pageId).find((b) => b.type === "to_do" && b.text === ${lit(todo.text)});`,
        `${callWith(update, { block: "todo.id", blockType: `{ to_do: { checked: ${ticked} } }` })};`,
        "return null;",
      ],
      hidden: [page.id, todo.id],
      tools: [ctx.lens.search.name, ctx.lens.block_children.name, update.name],
      difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
});

interface HeadingChoice {
  page: PageView;
  heading: BlockView;
  bullet: string;
}

/** "On the page "...", add the bullet "..." right under the heading "Risks"." */
export const bulletUnderHeading = template<HeadingChoice>({
  name: "bullet-under-heading",
  kind: "graph",
  roles: ["append_children"],
  choices: (lens, ws) =>
    lens.append_children?.args.after
      ? namedPages(ws).flatMap((page) =>
          namedBlocks(page, (b) => b.type.startsWith("heading_")).flatMap((heading) =>
            BULLETS.filter((bullet) => !page.blocks.some((b) => b.text === bullet)).map(
              (bullet) => ({ page, heading, bullet }),
            ),
          ),
        )
      : [],
  writes: () => 1,
  draft(ctx, _ws, { page, heading, bullet }) {
    const append = toolOf(ctx.lens, "append_children");
    return pagesDraft(ctx.lens, {
      kind: "graph",
      instruction: `In ${pageName(page)}, add the bullet point ${quoted(bullet)} right under the heading ${quoted(heading.text)}, as the first line of that section.`,
      helpers: ["pageIdOf", "blocksOf"],
      statements: [
        ...findPage(page),
        `const heading = blocksOf(pageId).find((b) => b.type.startsWith("heading_") && b.text === ${lit(heading.text)});`,
        `${callWith(append, {
          block: "pageId",
          after: "heading.id",
          children: `[{ type: "bulleted_list_item", bulleted_list_item: { rich_text: ${richCode(bullet)} } }]`,
        })};`,
        "return null;",
      ],
      hidden: [page.id, heading.id],
      tools: [ctx.lens.search.name, ctx.lens.block_children.name, append.name],
      difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
});

interface TextChoice {
  page: PageView;
  text: string;
}

/** "Add the paragraph "..." at the very end of the page "..."." */
export const paragraphAtEnd = template<TextChoice>({
  name: "paragraph-at-end",
  kind: "graph",
  roles: ["append_children"],
  choices: (_lens, ws) =>
    namedPages(ws).flatMap((page) => PARAGRAPHS.map((text) => ({ page, text }))),
  writes: () => 1,
  draft(ctx, _ws, { page, text }) {
    const append = toolOf(ctx.lens, "append_children");
    return pagesDraft(ctx.lens, {
      kind: "graph",
      instruction: `Add a paragraph saying ${quoted(text)} at the very end of ${pageName(page)}.`,
      helpers: ["pageIdOf"],
      statements: [
        ...findPage(page),
        `${callWith(append, { block: "pageId", children: `[{ type: "paragraph", paragraph: { rich_text: ${richCode(text)} } }]` })};`,
        "return null;",
      ],
      hidden: [page.id],
      tools: [ctx.lens.search.name, append.name],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
});

/** "Leave a comment on the page "..." saying "..."." */
export const commentOnPage = template<TextChoice>({
  name: "comment-on-page",
  kind: "graph",
  roles: ["create_comment"],
  choices: (lens, ws) =>
    lens.create_comment?.args.richText
      ? namedPages(ws).flatMap((page) => COMMENTS.map((text) => ({ page, text })))
      : [],
  writes: () => 1,
  draft(ctx, _ws, { page, text }) {
    const comment = toolOf(ctx.lens, "create_comment");
    return pagesDraft(ctx.lens, {
      kind: "graph",
      instruction: `Leave a comment on ${pageName(page)} saying ${quoted(text)}.`,
      helpers: ["pageIdOf"],
      statements: [
        ...findPage(page),
        `${callWith(comment, { parent: "{ page_id: pageId }", richText: richCode(text) })};`,
        "return null;",
      ],
      hidden: [page.id],
      tools: [ctx.lens.search.name, comment.name],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
});

interface MoveChoice {
  page: PageView;
  to: PageView;
}

/** Whether `page` is `ancestor` or sits somewhere under it. */
function isUnder(ws: Workspace, page: PageView, ancestor: PageView): boolean {
  let at: PageView | undefined = page;
  for (let depth = 0; at && depth < 50; depth++) {
    if (at.id === ancestor.id) return true;
    const parentId: string | null = at.parentId;
    at = parentId === null ? undefined : ws.pages.find((p) => p.id === parentId);
  }
  return false;
}

/** "Move the page "..." under the page "..."." */
export const movePage = template<MoveChoice>({
  name: "move-page",
  kind: "graph",
  roles: ["move_page"],
  choices: (_lens, ws) => {
    const named = namedPages(ws);
    return named
      .filter((page) => page.parentId !== null)
      .flatMap((page) =>
        named
          // Pages go under a top-level page or one that already holds pages, as a wiki is kept.
          .filter((to) => to.parentId === null || ws.pages.some((p) => p.parentId === to.id))
          .filter((to) => to.id !== page.parentId && !isUnder(ws, to, page))
          .map((to) => ({ page, to })),
      );
  },
  writes: () => 1,
  draft(ctx, _ws, { page, to }) {
    const move = toolOf(ctx.lens, "move_page");
    return pagesDraft(ctx.lens, {
      kind: "graph",
      instruction: `Move ${pageName(page)} so that it sits under the page ${quoted(to.title)}.`,
      helpers: ["pageIdOf"],
      statements: [
        `const pageId = pageIdOf(${lit(page.title)});`,
        `const targetId = pageIdOf(${lit(to.title)});`,
        `${callWith(move, { page: "pageId", parent: '{ type: "page_id", page_id: targetId }' })};`,
        "return null;",
      ],
      hidden: [page.id, to.id],
      tools: [ctx.lens.search.name, move.name],
      difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
});
