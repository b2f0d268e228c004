// What the code-host tool tests share (mcp-codehost-tests*.ts): the seeded facts they are worked
// out from in TypeScript, independently of the guest code (repositories, issues by title, branch
// heads, files, histories), line counts of a diff, and builders for a passing test (a result the
// answer must contain, and the rows a write changes) and a refusal (an error code, nothing
// written). A test that gives a slot the tool does not offer is dropped, so a look-alike tool keeps
// the tests it can take.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import {
  argumentsOf,
  changesOf,
  expectError,
  expectResult,
  offersSlots,
  type TableChanges,
  type TableCounts,
} from "../kit/tool-test-kit";
import { ORG_LOGIN, VIEWER } from "./people";
import type { CodeRole, CodeSlot } from "./roles";
import { CODE_TABLES, type CodeTable } from "./schema";
import type { CodeHost, SeedIssue } from "./seed";

export type Changes = TableChanges;
export type Counts = TableCounts<CodeTable>;
export type Slots = Partial<Record<CodeSlot, Json>>;

export interface CodehostTestInput {
  role: CodeRole;
  args: Partial<Record<CodeSlot, string>>;
  host: CodeHost;
}

/** Lines added and removed between two texts (longest common subsequence of lines). */
export function lineChanges(
  before: string,
  after: string,
): { additions: number; deletions: number } {
  const split = (t: string) => (t === "" ? [] : t.replace(/\n$/, "").split("\n"));
  const a = split(before);
  const b = split(after);
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = a.length - 1; i >= 0; i--) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (prev[j + 1] ?? 0) + 1 : Math.max(prev[j] ?? 0, row[j + 1] ?? 0);
    }
    prev = row;
  }
  const common = prev[0] ?? 0;
  return { additions: b.length - common, deletions: a.length - common };
}

/** What the tests need to know of the seeded host. */
export function hostFacts(host: CodeHost) {
  const repo = (name: string) => {
    const found = host.repos.find((r) => r.name === name);
    if (!found) throw new Error(`no seeded repository ${name}`);
    return found;
  };
  const item = (name: string, title: string): SeedIssue => {
    const r = repo(name);
    const found = host.issues.find((i) => i.repoId === r.id && i.title === title);
    if (!found) throw new Error(`no seeded issue ${title}`);
    return found;
  };
  const head = (name: string, branch: string) => repo(name).branches[branch] ?? "";
  const file = (name: string, branch: string, path: string) => {
    const sha = host.commits.get(head(name, branch))?.tree[path];
    return sha === undefined ? undefined : host.blobs.get(sha);
  };
  const history = (sha: string): string[] => {
    const seen = new Set<string>();
    const stack = [sha];
    while (stack.length > 0) {
      const s = stack.pop() as string;
      if (seen.has(s)) continue;
      seen.add(s);
      stack.push(...(host.commits.get(s)?.parents ?? []));
    }
    return [...seen];
  };
  return { repo, item, head, file, history };
}
/** Everything a role's tests are built from. */
export function testKit(input: CodehostTestInput) {
  const { role, host } = input;
  const f = hostFacts(host);
  const argsOf = (slots: Slots) => argumentsOf(input.args, slots);
  // A test needs every slot it gives: a look-alike tool without one keeps only the tests it can take.
  const offered = (slots: Slots) => offersSlots(input.args, slots);
  const ok = (name: string, slots: Slots, result: Json, counts?: Counts): ToolTest | undefined =>
    offered(slots)
      ? expectResult(
          name,
          argsOf(slots),
          result,
          "subset",
          counts ? changesOf(CODE_TABLES, counts) : undefined,
        )
      : undefined;
  const fails = (name: string, slots: Slots, code: string): ToolTest | undefined =>
    offered(slots) ? expectError(name, argsOf(slots), code) : undefined;
  const api = { owner: ORG_LOGIN, repo: "harbor-api" };
  const web = { owner: ORG_LOGIN, repo: "harbor-web" };
  const cli = { owner: ORG_LOGIN, repo: "harbor-cli" };
  const deploy = { owner: ORG_LOGIN, repo: "deploy-tools" };
  const missingRepo = { owner: ORG_LOGIN, repo: "harbor-mobile" };
  const pagination = f.item("harbor-api", "Support pagination on the orders list");
  const pageBug = f.item("harbor-api", "Orders list ignores the page query parameter");
  const rateLimit = f.item("harbor-api", "Add per-token rate limiting");
  const smallPool = f.item("harbor-api", "Use a smaller connection pool in tests");
  const healthz = f.item("harbor-api", "Health check endpoint");
  const apiIssues = host.issues.filter((i) => i.repoId === f.repo("harbor-api").id);
  const nextNumber = Math.max(...apiIssues.map((i) => i.number)) + 1;
  const me = { login: VIEWER.login };
  return {
    role,
    host,
    f,
    ok,
    fails,
    api,
    web,
    cli,
    deploy,
    missingRepo,
    pagination,
    pageBug,
    rateLimit,
    smallPool,
    healthz,
    apiIssues,
    nextNumber,
    me,
  };
}

export type TestKit = ReturnType<typeof testKit>;
