// Unit tests of the filesystem tools that only look (read, list, tree, search, info): exact
// answers computed from the seeded tree, and the errors of bad paths. A test using an optional
// argument is made only when the server's tool takes it.
import type { ToolTest } from "../../environment/spec";
import { bytesToBase64 } from "../../episode/sql-values";
import { FS_ROOT, type FsEntry } from "./seed";
import { at, dateText, fails, formatSize, ok, type SeedView, text } from "./test-kit";
import type { FsRole } from "./tools";

export function readToolTests(
  role: FsRole,
  view: SeedView,
  options: ReadonlySet<string>,
): ToolTest[] {
  const { entry, content, children, preorder, relative } = view;
  switch (role) {
    case "read_text": {
      const csv = content("data/orders.csv");
      const tests = [
        ok(`reads ${at("README.md")}`, { path: at("README.md") }, text(content("README.md"))),
        ok(
          "resolves a relative path against the allowed directory",
          { path: "package.json" },
          text(content("package.json")),
        ),
        fails("a missing file is not_found", { path: at("docs/roadmap.md") }, "not_found"),
        fails(
          "a .. escape out of the root is access_denied",
          { path: `${FS_ROOT}/../etc/passwd` },
          "access_denied",
        ),
        fails("a directory is invalid_argument", { path: at("src") }, "invalid_argument"),
      ];
      if (options.has("head"))
        tests.push(
          ok(
            "head returns the first 3 lines",
            { path: at("data/orders.csv"), head: 3 },
            text(csv.split("\n").slice(0, 3).join("\n")),
          ),
        );
      if (options.has("tail"))
        tests.push(
          ok(
            "tail returns the last 3 lines (the last one is the empty line after the final newline)",
            { path: at("data/orders.csv"), tail: 3 },
            text(csv.split("\n").slice(-3).join("\n")),
          ),
        );
      if (options.has("head") && options.has("tail"))
        tests.push(
          fails(
            "head and tail together are invalid_argument",
            { path: at("data/orders.csv"), head: 2, tail: 2 },
            "invalid_argument",
          ),
        );
      return tests;
    }
    case "read_media": {
      const base64 = (rel: string) => {
        const e = entry(rel);
        return bytesToBase64(e.data ?? new TextEncoder().encode(e.content ?? ""));
      };
      return [
        ok(
          "returns a PNG as an image block",
          { path: at("public/images/logo.png") },
          {
            content: [
              { type: "image", data: base64("public/images/logo.png"), mimeType: "image/png" },
            ],
          },
        ),
        ok(
          "returns an SVG's bytes as image/svg+xml",
          { path: at("public/logo.svg") },
          {
            content: [
              { type: "image", data: base64("public/logo.svg"), mimeType: "image/svg+xml" },
            ],
          },
        ),
        ok(
          "returns other files as an embedded resource",
          { path: at("public/favicon.ico") },
          {
            content: [
              {
                type: "resource",
                resource: {
                  uri: `file://${at("public/favicon.ico")}`,
                  mimeType: "application/octet-stream",
                  blob: base64("public/favicon.ico"),
                },
              },
            ],
          },
        ),
        fails("a missing file is not_found", { path: at("public/images/hero.png") }, "not_found"),
      ];
    }
    case "read_multiple": {
      const [a, b] = [".gitignore", "src/routes/health.ts"];
      const missing = "docs/roadmap.md";
      return [
        ok(
          "reads each file and reports the failures inline",
          { paths: [at(a), b, at(missing), "/etc/hosts"] },
          text(
            [
              `${at(a)}:\n${content(a)}\n`,
              `${b}:\n${content(b)}\n`,
              `${at(missing)}: Error - ENOENT: no such file or directory, open '${at(missing)}'`,
              `/etc/hosts: Error - Access denied - path outside allowed directories: /etc/hosts not in ${FS_ROOT}`,
            ].join("\n---\n"),
          ),
        ),
      ];
    }
    case "list": {
      const listing = (dir: string) =>
        children(dir)
          .map((e) => `${e.kind === "directory" ? "[DIR]" : "[FILE]"} ${e.name}`)
          .join("\n");
      return [
        ok(`lists ${FS_ROOT}`, { path: FS_ROOT }, text(listing(FS_ROOT))),
        ok("lists a relative directory", { path: "src" }, text(listing(at("src")))),
        fails("a file is invalid_argument", { path: at("README.md") }, "invalid_argument"),
        fails("a missing directory is not_found", { path: at("assets") }, "not_found"),
      ];
    }
    case "list_sizes": {
      const listing = (dir: string, bySize: boolean) => {
        const list = children(dir);
        const sorted = bySize ? [...list].sort((x, y) => y.size - x.size) : list;
        const files = list.filter((e) => e.kind === "file");
        return [
          ...sorted.map(
            (e) =>
              `${e.kind === "directory" ? "[DIR]" : "[FILE]"} ${e.name.padEnd(30)} ${e.kind === "directory" ? "" : formatSize(e.size).padStart(10)}`,
          ),
          "",
          `Total: ${files.length} files, ${list.length - files.length} directories`,
          `Combined size: ${formatSize(files.reduce((n, e) => n + e.size, 0))}`,
        ].join("\n");
      };
      const tests = [
        ok("lists data/ with sizes", { path: at("data") }, text(listing(at("data"), false))),
      ];
      if (options.has("sortBy"))
        tests.push(
          ok(
            "sorts public/ by size, largest first (a directory counts as 4096 bytes)",
            { path: at("public"), sortBy: "size" },
            text(listing(at("public"), true)),
          ),
        );
      tests.push(fails("a missing directory is not_found", { path: at("assets") }, "not_found"));
      return tests;
    }
    case "tree": {
      type Node = { name: string; type: string; children?: Node[] };
      const tree = (dir: string, keep: (e: FsEntry) => boolean): Node[] =>
        children(dir)
          .filter(keep)
          .map((e) =>
            e.kind === "directory"
              ? { name: e.name, type: "directory", children: tree(e.path, keep) }
              : { name: e.name, type: "file" },
          );
      const tests = [
        ok(
          "returns src/ as a JSON tree",
          { path: "src" },
          text(
            JSON.stringify(
              tree(at("src"), () => true),
              null,
              2,
            ),
          ),
        ),
      ];
      if (options.has("excludePatterns")) {
        const keep = (e: FsEntry) => {
          const rel = relative(e);
          return (
            rel !== "public" &&
            !rel.startsWith("public/") &&
            !(rel.endsWith(".md") && !rel.includes("/"))
          );
        };
        tests.push(
          ok(
            "leaves out excluded names and globs",
            { path: FS_ROOT, excludePatterns: ["public", "*.md"] },
            text(JSON.stringify(tree(FS_ROOT, keep), null, 2)),
          ),
        );
      }
      tests.push(
        fails("a file is invalid_argument", { path: at("README.md") }, "invalid_argument"),
      );
      return tests;
    }
    case "search": {
      const all = preorder(FS_ROOT);
      const found = (keep: (e: FsEntry) => boolean) =>
        text(
          all
            .filter(keep)
            .map((e) => e.path)
            .join("\n") || "No matches found",
        );
      const tests = [
        ok(
          "**/*.ts finds TypeScript files at any depth",
          { path: FS_ROOT, pattern: "**/*.ts" },
          found((e) => e.name.endsWith(".ts")),
        ),
        ok(
          "*.md matches only the top level",
          { path: FS_ROOT, pattern: "*.md" },
          found((e) => e.name.endsWith(".md") && e.parent === FS_ROOT),
        ),
        ok("no match says so", { path: FS_ROOT, pattern: "**/*.py" }, text("No matches found")),
        fails(
          "a file is invalid_argument",
          { path: at("README.md"), pattern: "*" },
          "invalid_argument",
        ),
      ];
      if (options.has("excludePatterns"))
        tests.push(
          ok(
            "excludePatterns prune a directory",
            { path: FS_ROOT, pattern: "**/*.ts", excludePatterns: ["tests"] },
            found((e) => e.name.endsWith(".ts") && !relative(e).startsWith("tests/")),
          ),
        );
      return tests;
    }
    case "info": {
      const info = (e: FsEntry) =>
        text(
          [
            `size: ${e.size}`,
            `created: ${dateText(e.created)}`,
            `modified: ${dateText(e.modified)}`,
            `accessed: ${dateText(e.accessed)}`,
            `isDirectory: ${e.kind === "directory"}`,
            `isFile: ${e.kind === "file"}`,
            `permissions: ${e.mode}`,
          ].join("\n"),
        );
      return [
        ok("describes a file", { path: at("README.md") }, info(entry("README.md"))),
        ok("describes a directory", { path: "src" }, info(entry("src"))),
        fails("a missing path is not_found", { path: at("docs/roadmap.md") }, "not_found"),
      ];
    }
    case "roots":
      return [ok("names the allowed directory", {}, text(`Allowed directories:\n${FS_ROOT}`))];
    default:
      return [];
  }
}
