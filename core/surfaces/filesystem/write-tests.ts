// Unit tests of the filesystem tools that change the tree (write, edit, mkdir, move): the exact
// answer, the rows each call inserts, updates (a directory whose entries change gets a new
// mtime) and deletes (a move re-keys the rows it moves), and the refusals.
import type { ToolTest } from "../../environment/spec";
import { at, fails, ok, oneLineDiff, rows, type SeedView, text } from "./test-kit";
import type { FsRole } from "./tools";

export function writeToolTests(
  role: FsRole,
  view: SeedView,
  options: ReadonlySet<string>,
): ToolTest[] {
  const { entries, content } = view;
  switch (role) {
    case "write":
      return [
        ok(
          "creates a new file (and touches its directory)",
          {
            path: at("docs/release-checklist.md"),
            content: "# Release checklist\n\n- [ ] bump version\n",
          },
          text(`Successfully wrote to ${at("docs/release-checklist.md")}`),
          rows(1, 1, 0),
        ),
        ok(
          "overwrites an existing file",
          { path: ".env.example", content: "PORT=8080\n" },
          text("Successfully wrote to .env.example"),
          rows(0, 1, 0),
        ),
        fails(
          "a missing parent directory is not_found",
          { path: at("notes/todo.md"), content: "x" },
          "not_found",
        ),
        fails(
          "a directory is invalid_argument",
          { path: at("src"), content: "x" },
          "invalid_argument",
        ),
        fails(
          "outside the root is access_denied",
          { path: "/tmp/out.txt", content: "x" },
          "access_denied",
        ),
      ];
    case "edit": {
      const pkg = content("package.json");
      const lines = pkg.split("\n");
      const index = lines.findIndex((l) => l.startsWith('  "version": '));
      const old = lines[index]?.trim() ?? "";
      const bumped = old.replace(
        /"(\d+)\.(\d+)\.\d+"/,
        (_, major, minor) => `"${major}.${Number(minor) + 1}.0"`,
      );
      const diff = oneLineDiff(at("package.json"), pkg, index, `  ${bumped}`);
      const config = content("src/config.ts");
      const configLines = config.split("\n");
      const port = configLines.findIndex((l) => l.trimStart().startsWith("PORT:"));
      const portLine = configLines[port]?.trim() ?? "";
      const newPort = portLine.replace(/default\(\d+\)/, "default(8081)");
      const tests = [
        ok(
          "replaces the version and returns the diff",
          { path: at("package.json"), edits: [{ oldText: old, newText: bumped }] },
          text(diff),
          rows(0, 1, 0),
        ),
        ok(
          "matches lines ignoring indentation and keeps the file's indentation",
          { path: "src/config.ts", edits: [{ oldText: `\t${portLine}`, newText: `\t${newPort}` }] },
          text(oneLineDiff(at("src/config.ts"), config, port, `  ${newPort}`)),
          rows(0, 1, 0),
        ),
        fails(
          "text that is not in the file is invalid_argument",
          {
            path: at("package.json"),
            edits: [{ oldText: '"version": "0.0.0-missing"', newText: "x" }],
          },
          "invalid_argument",
        ),
        fails(
          "a missing file is not_found",
          { path: at("docs/roadmap.md"), edits: [] },
          "not_found",
        ),
      ];
      if (options.has("dryRun"))
        tests.push(
          ok(
            "dryRun returns the diff and writes nothing",
            { path: at("package.json"), edits: [{ oldText: old, newText: bumped }], dryRun: true },
            text(diff),
            {},
          ),
        );
      return tests;
    }
    case "mkdir":
      return [
        ok(
          "creates missing parents too",
          { path: "docs/adr/2025" },
          text("Successfully created directory docs/adr/2025"),
          rows(2, 1, 0),
        ),
        ok(
          "an existing directory succeeds and changes nothing",
          { path: at("src") },
          text(`Successfully created directory ${at("src")}`),
          {},
        ),
        fails("a file in the way is a conflict", { path: at("README.md") }, "conflict"),
        fails("outside the root is access_denied", { path: "/var/tmp/x" }, "access_denied"),
      ];
    case "move": {
      const notes = entries.filter((e) => e.path.startsWith(at("docs/meeting-notes"))).length;
      return [
        ok(
          "renames a file (its directory is touched)",
          { source: at("docs/api.md"), destination: at("docs/api-reference.md") },
          text(`Successfully moved ${at("docs/api.md")} to ${at("docs/api-reference.md")}`),
          rows(1, 1, 1),
        ),
        ok(
          "moves a directory with everything in it",
          { source: "docs/meeting-notes", destination: "docs/notes" },
          text("Successfully moved docs/meeting-notes to docs/notes"),
          rows(notes, 1, notes),
        ),
        fails(
          "an existing destination is a conflict",
          { source: at("README.md"), destination: at("LICENSE") },
          "conflict",
        ),
        fails(
          "a missing source is not_found",
          { source: at("docs/roadmap.md"), destination: at("docs/plan.md") },
          "not_found",
        ),
        fails(
          "a directory into itself is invalid_argument",
          { source: at("src"), destination: at("src/routes/src") },
          "invalid_argument",
        ),
      ];
    }
    default:
      return [];
  }
}
