// Words and short phrases of the memory's observations a user would quote to point at something
// ("the person whose observations mention "Georgia Tech""): phrases that a search of the memory
// answers with one entity alone, and phrases several observations share (for "delete every
// observation that mentions ..."), kept only where any-case substring matching — what the
// server's search does — and whole-word matching agree, so either reading gives the same rows.
import type { MemoryEntity, MemoryGraph } from "./model";
import { searchMatches } from "./model";

const STOP = new Set(
  (
    "a an the of in on at for to and or with from by as is was are since after over per its his " +
    "her their our up into about than two three four five more most every each over under our " +
    "who what when which that this these those"
  ).split(" "),
);

interface Token {
  word: string;
  /** Punctuation right after it ends a phrase and a run of names. */
  ends: boolean;
}

function tokensOf(observation: string): Token[] {
  return observation.split(/\s+/).map((raw) => ({
    word: raw.replace(/^[("'‘“]+|[)"',.;:!?’”]+$/g, ""),
    ends: /[)"',.;:!?’”]$/.test(raw),
  }));
}

/** A capitalised word or a number: part of a name such as "Georgia Tech" or "RoboBusiness 2024". */
const capital = (word: string) => /^[\p{Lu}\d$]/u.test(word);

const CONNECTORS = new Set(["of", "and", "for", "de", "&"]);

/** Whether token `i` belongs to a name: capitalised, or "of" between capitals ("University of Washington"). */
function inName(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (!token) return false;
  if (capital(token.word)) return true;
  const left = tokens[i - 1];
  const right = tokens[i + 1];
  return (
    CONNECTORS.has(token.word) &&
    left !== undefined &&
    right !== undefined &&
    !left.ends &&
    !token.ends &&
    capital(left.word) &&
    capital(right.word)
  );
}

/**
 * The phrases of one to three words an observation contains, as written: never its first word (a
 * sentence's verb), never a name cut short ("Georgia" of "Georgia Tech"), no stop word at an end.
 */
function phrases(observation: string): { phrase: string; proper: boolean }[] {
  const tokens = tokensOf(observation);
  const out: { phrase: string; proper: boolean }[] = [];
  for (let i = 1; i < tokens.length; i++) {
    for (let n = 1; n <= 3 && i + n <= tokens.length; n++) {
      const run = tokens.slice(i, i + n);
      const words = run.map((t) => t.word);
      const first = words[0] ?? "";
      const last = words[n - 1] ?? "";
      if (words.some((w) => w === "") || run.slice(0, -1).some((t) => t.ends)) continue;
      if (STOP.has(first.toLowerCase()) || STOP.has(last.toLowerCase())) continue;
      const before = tokens[i - 1];
      if (capital(first) && before && !before.ends && inName(tokens, i - 1)) continue;
      if (capital(last) && !run[n - 1]?.ends && inName(tokens, i + n)) continue;
      if (n > 1 && /^\d/.test(first)) continue; // "3 Cargoline Logistics": a count, then a name
      const phrase = words.join(" ");
      if (!observation.includes(phrase)) continue;
      const proper = words.every(capital);
      if (!proper && !plainPhrase(words)) continue;
      if (n === 1 && !(proper ? first.length >= 4 : first.length >= 6)) continue;
      if (n > 1 && phrase.length < 8) continue;
      out.push({ phrase, proper });
    }
  }
  return out;
}

/** Words without a stop word, ending in a noun-like word rather than a verb form ("grew", "running"). */
function plainPhrase(words: readonly string[]): boolean {
  const last = words[words.length - 1] ?? "";
  if (words.some((w) => STOP.has(w.toLowerCase()))) return false;
  return capital(last) || !(/(ing|ed|ly)$/.test(last) || VERBS.has(last));
}

const VERBS = new Set("grew runs ran cut led leads sits gave made makes built builds".split(" "));

/** Whether `phrase` occurs in `text` as whole words (case as written). */
function wholeWord(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u").test(text);
}

/** Names first (longer first), then phrases of two or three words, then single words. */
function rank(p: { phrase: string; proper: boolean }): number {
  const words = p.phrase.split(" ").length;
  const group = p.proper ? 0 : words > 1 ? 1 : 2;
  return group * 1000 - Math.min(p.phrase.length, 100);
}

/** Whether the phrase names an entity, or an entity's name contains it (it would name, not quote). */
function namesAnEntity(graph: MemoryGraph, phrase: string): boolean {
  const lower = phrase.toLowerCase();
  return graph.entities.some((e) => {
    const name = e.name.toLowerCase();
    return lower.includes(name) || name.includes(lower);
  });
}

const mentioning = (observations: readonly string[], phrase: string) => {
  const lower = phrase.toLowerCase();
  return observations.filter((o) => o.toLowerCase().includes(lower));
};

export interface Mention {
  phrase: string;
  /** The observation it quotes. */
  observation: string;
}

/** Up to `limit` phrases a search answers with `entity` alone, from different observations first. */
export function uniqueMentions(graph: MemoryGraph, entity: MemoryEntity, limit = 3): Mention[] {
  const found: (Mention & { rank: number })[] = [];
  for (const observation of entity.observations) {
    for (const p of phrases(observation)) {
      if (namesAnEntity(graph, p.phrase)) continue;
      const matches = searchMatches(graph, p.phrase);
      if (matches.length !== 1 || matches[0] !== entity) continue;
      if (mentioning(entity.observations, p.phrase).length !== 1) continue;
      found.push({ phrase: p.phrase, observation, rank: rank(p) });
    }
  }
  const sorted = [...found].sort((a, b) => a.rank - b.rank);
  const firsts = entity.observations.flatMap((o) => {
    const best = sorted.find((m) => m.observation === o);
    return best ? [best] : [];
  });
  const rest = sorted.filter((m) => !firsts.includes(m));
  return [...firsts, ...rest]
    .slice(0, limit)
    .map(({ phrase, observation }) => ({ phrase, observation }));
}

/** The phrase that picks out `observation` among its entity's observations, or undefined. */
export function observationMention(entity: MemoryEntity, observation: string): string | undefined {
  const candidates = phrases(observation).filter(
    (p) => mentioning(entity.observations, p.phrase).length === 1,
  );
  return [...candidates].sort((a, b) => rank(a) - rank(b))[0]?.phrase;
}

export interface SharedMention {
  phrase: string;
  /** Every observation that mentions it, with its entity. */
  hits: { entity: MemoryEntity; observation: string }[];
}

/** Phrases two or more observations mention, read the same way whether by case or by word. */
export function sharedMentions(graph: MemoryGraph): SharedMention[] {
  const seen = new Set<string>();
  const out: SharedMention[] = [];
  for (const entity of graph.entities) {
    for (const observation of entity.observations) {
      for (const { phrase } of phrases(observation)) {
        const key = phrase.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const hits = graph.entities.flatMap((e) =>
          mentioning(e.observations, phrase).map((o) => ({ entity: e, observation: o })),
        );
        if (hits.length < 2 || !hits.every((h) => wholeWord(h.observation, phrase))) continue;
        if (graph.entities.some((e) => e.name !== phrase && wholeWord(e.name, phrase))) continue;
        out.push({ phrase, hits });
      }
    }
  }
  // A phrase inside a longer one with the same hits says the same: keep the shorter.
  return out.filter(
    (m) =>
      !out.some(
        (other) =>
          other !== m && m.phrase.includes(other.phrase) && other.hits.length === m.hits.length,
      ),
  );
}
