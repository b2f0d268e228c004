// Which tools an agent is given for a task: the ones the solution uses, plus distractors. By
// default every tool of the environment (the natural setting); with a distractor count, that many
// others, nearest first (tools linked to the solution's tools by the strongest edges), so the
// distractors are plausible rather than obviously unrelated.
import type { Prng } from "../sandbox/determinism";
import type { ToolGraph } from "./tool-profile";

export function chooseExposedTools(
  graph: ToolGraph,
  used: readonly string[],
  distractors: number | undefined,
  rng: Prng,
): string[] {
  const all = graph.tools.map((t) => t.name);
  if (distractors === undefined) return all;
  const usedSet = new Set(used);
  const closeness = new Map<string, number>();
  for (const edge of graph.edges) {
    if (usedSet.has(edge.from) && !usedSet.has(edge.to)) {
      closeness.set(edge.to, Math.max(closeness.get(edge.to) ?? 0, edge.weight));
    }
  }
  const others = all
    .filter((name) => !usedSet.has(name))
    .map((name) => ({ name, score: (closeness.get(name) ?? 0) + rng.next() }))
    .sort((a, b) => b.score - a.score)
    .slice(0, distractors)
    .map((t) => t.name);
  return all.filter((name) => usedSet.has(name) || others.includes(name));
}
