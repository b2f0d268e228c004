// Graph templates over the server's numbered resources (Text and Blob Resource 1..100): each reads
// one resource through its reference and feeds what only that read reveals (its text, its blob,
// its creation time) into the next call — a gzip of its content, an echo of its creation time — or
// follows the resource list to the resource it names.
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import { clockIn, readLinks, readResource, type UtilityContext } from "./explore";
import {
  blobDataUri,
  echoCall,
  gzipCall,
  linksCall,
  referenceCall,
  textDataUri,
  utilityDraft,
} from "./program";
import { between, resourceFile, type UtilityTemplate, unfit } from "./template";

/** A random resource of the server, read through its reference tool. */
function someResource(ctx: UtilityContext) {
  const r = ctx.lens.reference;
  const type = r ? pick(ctx.rng, r.types) : undefined;
  if (!r || !type || r.count < 1) return undefined;
  return readResource(ctx, type, between(ctx, 1, r.count));
}

const SIZE_QUESTION = "then tell me how many bytes the compressed file takes.";

/** "Save a gzip-compressed copy of the text of Text Resource 42 as text-resource-42.txt.gz..." */
export const gzipResource: UtilityTemplate = {
  name: "gzip-resource",
  kind: "graph",
  maxWrites: 1,
  capacity: (lens) =>
    lens.reference && lens.gzip ? lens.reference.count * lens.reference.types.length : 0,
  build(ctx) {
    const { reference, gzip } = ctx.lens;
    const read = someResource(ctx);
    if (!reference || !gzip || !read) return unfit("no_resource", "no resource could be read");
    const file = resourceFile(read.type, read.id);
    const what =
      read.encoding === "text"
        ? `the text of ${read.name}`
        : `the decoded contents of ${read.name} (its blob is base64)`;
    const named = gzip.nameArg ? ` as a session file named ${file}` : " as a session file";
    const data = read.encoding === "text" ? textDataUri("res.text") : blobDataUri("res.blob");
    const answers = gzip.outputArg !== null;
    return utilityDraft({
      kind: "graph",
      instruction: `Save a gzip-compressed copy of ${what}${named}${answers ? `, ${SIZE_QUESTION}` : "."}`,
      helpers: answers ? ["resourceOf", "byteSize"] : ["resourceOf"],
      statements: [
        `const res = resourceOf(${referenceCall(reference, lit(read.type), lit(read.id))});`,
        `const saved = ${gzipCall(gzip, data, lit(file))};`,
        answers ? "return byteSize(resourceOf(saved).blob);" : "return null;",
      ],
      ...(answers ? { answerMatch: { kind: "numeric", tolerance: 0 } } : {}),
      hidden: [read.raw],
      tools: [reference.tool, gzip.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};

/** "Find out when Blob Resource 17 was created, then have the server repeat back..." */
export const echoCreationTime: UtilityTemplate = {
  name: "echo-creation-time",
  kind: "graph",
  maxWrites: 0,
  capacity: (lens) =>
    lens.reference && lens.echo ? lens.reference.count * lens.reference.types.length : 0,
  build(ctx) {
    const { reference, echo } = ctx.lens;
    const read = someResource(ctx);
    const clock = read ? clockIn(read.content) : undefined;
    if (!reference || !echo || !read || !clock) {
      return unfit("no_resource", "no resource that states its creation time");
    }
    const sentence = `${read.name} was created at `;
    return utilityDraft({
      kind: "graph",
      instruction: `Find out when ${read.name} was created, then have the server repeat back the sentence "${sentence}<time>" with that time written as the resource gives it. Tell me exactly what the server replied.`,
      helpers: ["contentOf", "clockOf", "textOf"],
      statements: [
        `const found = ${referenceCall(reference, lit(read.type), lit(read.id))};`,
        `return textOf(${echoCall(echo, `${lit(sentence)} + clockOf(contentOf(found))`)});`,
      ],
      answerMatch: { kind: "exact" },
      hidden: [clock, read.raw],
      tools: [reference.tool, echo.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
    });
  },
};

/** "The server can list links to its first 6 resources. Open the last one..." */
export const lastLinkedResource: UtilityTemplate = {
  name: "last-linked-resource",
  kind: "graph",
  maxWrites: 0,
  capacity: (lens) =>
    lens.links && lens.reference
      ? Math.max(0, Math.min(lens.links.max, lens.reference.count) - 1)
      : 0,
  build(ctx) {
    const { links, reference } = ctx.lens;
    if (!links || !reference) return unfit("no_links", "no resource links to follow");
    const count = between(ctx, 2, Math.min(links.max, reference.count));
    const last = readLinks(ctx, count).at(-1);
    const read = last ? readResource(ctx, last.type, last.id) : undefined;
    const clock = read ? clockIn(read.content) : undefined;
    if (!read || !clock) return unfit("no_links", "the last linked resource states no time");
    return utilityDraft({
      kind: "graph",
      instruction: `The server can list links to its first ${count} resources. Open the last resource in that list and tell me the time it was created, as the resource states it.`,
      helpers: ["blocksOf", "contentOf", "clockOf"],
      statements: [
        `const listed = blocksOf(${linksCall(links, count)}).filter((b) => b.type === "resource_link");`,
        "const named = /^(\\w+) Resource (\\d+)$/.exec(listed[listed.length - 1].name);",
        `const found = ${referenceCall(reference, "named[1]", "Number(named[2])")};`,
        "return clockOf(contentOf(found));",
      ],
      answerMatch: { kind: "exact" },
      hidden: [clock],
      tools: [links.tool, reference.tool],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
    });
  },
};
