// Graph templates that read a code host: find a pull request by its title, then ask about it — how
// many files it changes, whether its checks pass, who asked for changes, how many approvals it has,
// the message of the newest commit on its branch. The chain feeds the pull request's number (or
// branch) from the list into the second call; the answer is judged exactly.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { CodeRole } from "../roles";
import type { PullView } from "./explore";
import { callWith, codehostDraft } from "./program";
import {
  type CodeContext,
  type CodeTemplate,
  givesAway,
  namedPulls,
  quoted,
  repoStatements,
  sayable,
  toolOf,
  unfit,
} from "./template";

interface PullQuestion {
  name: string;
  role: CodeRole;
  fits(p: PullView): boolean;
  ask(p: PullView): string;
  answer(p: PullView): string | number | undefined;
  /** Statements after `const pull = pullOf(...)` that return the answer, given the call code. */
  code(call: string): string[];
  /** The slot values of the second call. */
  args: Record<string, string>;
}

const reviewsBy = (p: PullView, state: string) => p.reviews.filter((r) => r.state === state);

const QUESTIONS: readonly PullQuestion[] = [
  {
    name: "pull-file-count",
    role: "get_pull_request_files",
    fits: () => true,
    ask: (p) => `How many files does the pull request ${quoted(p.title)} in ${p.repo.full} change?`,
    answer: (p) => p.files.length,
    code: (call) => [`return ${call}.length;`],
    args: { pull_number: "pull.number" },
  },
  {
    name: "pull-checks",
    role: "get_pull_request_status",
    fits: () => true,
    ask: (p) =>
      `What combined state do the checks on the pull request ${quoted(p.title)} in ${p.repo.full} report? Answer with the state as GitHub names it.`,
    answer: (p) => p.checks,
    code: (call) => [`return ${call}.state;`],
    args: { pull_number: "pull.number" },
  },
  {
    name: "pull-change-requester",
    role: "get_pull_request_reviews",
    fits: (p) => new Set(reviewsBy(p, "CHANGES_REQUESTED").map((r) => r.author)).size === 1,
    ask: (p) =>
      `Who asked for changes on the pull request ${quoted(p.title)} in ${p.repo.full}? Answer with their username.`,
    answer: (p) => reviewsBy(p, "CHANGES_REQUESTED")[0]?.author,
    code: (call) => [
      `return ${call}.filter((r) => r.state === "CHANGES_REQUESTED")[0].user.login;`,
    ],
    args: { pull_number: "pull.number" },
  },
  {
    name: "pull-approvals",
    role: "get_pull_request_reviews",
    fits: (p) => p.reviews.length > 0,
    ask: (p) =>
      `How many approving reviews has the pull request ${quoted(p.title)} in ${p.repo.full} received?`,
    answer: (p) => reviewsBy(p, "APPROVED").length,
    code: (call) => [`return ${call}.filter((r) => r.state === "APPROVED").length;`],
    args: { pull_number: "pull.number" },
  },
  {
    name: "pull-newest-commit",
    role: "list_commits",
    fits: (p) =>
      p.state === "open" && p.headMessages.length > 0 && sayable(p.headMessages[0] ?? ""),
    ask: (p) =>
      `What is the message of the newest commit on the branch of the pull request ${quoted(p.title)} in ${p.repo.full}?`,
    answer: (p) => p.headMessages[0],
    code: (call) => [`return ${call}[0].commit.message;`],
    args: { sha: "pull.head.ref" },
  },
];

function pullQuestion(q: PullQuestion): CodeTemplate {
  return {
    name: q.name,
    kind: "graph",
    roles: [q.role],
    maxWrites: () => 0,
    capacity: (host) => namedPulls(host, q.fits).length,
    build(ctx: CodeContext) {
      const pull = pick(ctx.rng, namedPulls(ctx.host, q.fits));
      if (!pull) return unfit("no_pull", `no pull request fits ${q.name}`);
      const answer = q.answer(pull);
      const instruction = q.ask(pull);
      if (answer === undefined || givesAway(instruction, answer)) {
        return unfit("no_answer", "the question has no single answer here");
      }
      const tool = toolOf(ctx, q.role);
      const call = callWith(tool, { owner: "owner", repo: "repo", ...q.args });
      return codehostDraft(ctx.lens, {
        kind: "graph",
        instruction,
        helpers: ["pullOf"],
        statements: [
          ...repoStatements(pull.repo),
          `const pull = pullOf(owner, repo, ${lit(pull.title)});`,
          ...q.code(call),
        ],
        answerMatch:
          typeof answer === "number" ? { kind: "numeric", tolerance: 1e-9 } : { kind: "exact" },
        hidden: [pull.number],
        tools: [ctx.lens.list_pull_requests.name, tool.name],
        difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
      });
    },
  };
}

export const PULL_QUESTIONS: readonly CodeTemplate[] = QUESTIONS.map(pullQuestion);
