// Unit tests of the code-host tools, worked out from the seeded host in TypeScript independently of
// the guest code (test-kit.ts): repository, file, branch, commit and search tools in
// tests-repos.ts, issue and pull request tools in tests-work.ts.
import type { ToolTest } from "../../environment/spec";
import { type CodehostTestInput, testKit } from "./test-kit";
import { repoToolTests } from "./tests-repos";
import { workToolTests } from "./tests-work";

export function codehostToolTests(input: CodehostTestInput): ToolTest[] {
  const kit = testKit(input);
  const tests = repoToolTests(kit) ?? workToolTests(kit) ?? [];
  return tests.filter((t): t is ToolTest => t !== undefined);
}
