// How a user says the parts of a memory: an entity type as a noun ("person", "people"), a relation
// type as a verb phrase ("works_at" -> "works at" / "work at", "located_in" -> "is located in"),
// and the relative clauses built from them ("the person who leads Project Atlas", "the projects
// Helios Robotics develops"). Relation types are stored in active voice, as the memory server's
// own instructions ask; a participle without its verb ("headquartered_in") gets "is".
import { humanize, plural } from "../../../tasks/phrasing/words";

// The graph-memory sources take their shared phrasing through this file.
export { quoted, withArticle } from "../../../tasks/phrasing/words";

export interface RelationWords {
  /** With one subject: "works at", "is headquartered in". */
  one: string;
  /** With several subjects, or after "does": "work at", "are headquartered in". */
  many: string;
  /** The verb after "does"/"do" ("work at"), or after "is"/"are" ("headquartered in"). */
  base: string;
  /** Whether the phrase is "is ..." (a state) rather than a verb. */
  passive: boolean;
  /** Whether the verb is in the past tense ("founded", "led", "previously worked at"). */
  past: boolean;
}

const PARTICIPLE =
  /^(located|headquartered|based|owned|employed|married|related|acquired|funded|hosted|affiliated|part|member|subsidiary|born)\b|\bby$/;

/** "works_at" -> works at / work at; "sits_on_board_of" -> sits on the board of. */
export function relationWords(type: string): RelationWords {
  const words = humanize(type).replace(/\bboard of\b/, "the board of");
  if (PARTICIPLE.test(words)) {
    return { one: `is ${words}`, many: `are ${words}`, base: words, passive: true, past: false };
  }
  const [verb = "", ...rest] = words.split(" ");
  const base = [baseVerb(verb), ...rest].join(" ");
  const tensed = words.split(" ").find((w) => !/ly$/.test(w)) ?? "";
  const past = /ed$/.test(tensed) || PAST.has(tensed);
  return { one: words, many: base, base, passive: false, past };
}

const PAST = new Set(
  "led spoke ran won built sold bought made met wrote gave took became began left held".split(" "),
);

/** The plural (and infinitive) form of a present-tense verb; a past tense stays as it is. */
function baseVerb(verb: string): string {
  if (verb === "is") return "are";
  if (verb === "has") return "have";
  if (verb === "does") return "do";
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(verb)) return verb.slice(0, -2);
  if (/[^su]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

export interface TypeWords {
  one: string;
  many: string;
  /** "who" for people, "that" for things. */
  who: string;
}

export function typeWords(type: string): TypeWords {
  const one = humanize(type) || type.toLowerCase();
  const words = one.split(" ");
  const last = words.pop() ?? one;
  const many = [...words, plural(last)].join(" ");
  return { one, many, who: /^(person|people|human|user|contact)$/.test(one) ? "who" : "that" };
}

/** "the person who leads Project Atlas": the one entity of `type` with `relation` to `to`. */
export function whoRelatesTo(type: string, relation: string, to: string): string {
  const t = typeWords(type);
  return `the ${t.one} ${t.who} ${relationWords(relation).one} ${to}`;
}

/** "the organization Maya Chen works at": the one entity of `type` that `from` relates to. */
export function relatedFrom(type: string, from: string, relation: string): string {
  return `the ${typeWords(type).one} ${from} ${relationWords(relation).one}`;
}

/** "the people who work at Helios Robotics" / "the projects Helios Robotics develops". */
export function groupPhrase(
  type: string,
  anchor: string,
  relation: string | undefined,
  direction: "in" | "out",
): string {
  const t = typeWords(type);
  if (relation === undefined) return `the ${t.many} linked to ${anchor}`;
  const words = relationWords(relation);
  return direction === "in"
    ? `the ${t.many} ${t.who} ${words.many} ${anchor}`
    : `the ${t.many} ${anchor} ${words.one}`;
}

/**
 * "Which organization does it work at?", "Which location is it headquartered in?", and for a
 * past tense, whose plain form English spells irregularly: "What is the organization they founded?"
 */
export function whichFrom(targetType: string, relation: string, subject: "it" | "they"): string {
  const words = relationWords(relation);
  const target = typeWords(targetType).one;
  if (words.past) return `What is the ${target} that ${subject} ${words.one}?`;
  const aux = words.passive ? (subject === "it" ? "is" : "are") : subject === "it" ? "does" : "do";
  return `Which ${target} ${aux} ${subject} ${words.base}?`;
}

/** "How many projects does Helios Robotics develop?" / "... are there that Northstar Ventures invested in?" */
export function howManyFrom(type: string, from: string, relation: string): string {
  const words = relationWords(relation);
  const many = typeWords(type).many;
  if (words.past) return `How many ${many} are there that ${from} ${words.one}?`;
  return `How many ${many} ${words.passive ? "is" : "does"} ${from} ${words.base}?`;
}

/** "Which person leads it?" / "Which organization is headquartered in it?" */
export function whichTo(sourceType: string, relation: string, object: "it" | "them"): string {
  return `Which ${typeWords(sourceType).one} ${relationWords(relation).one} ${object}?`;
}

/** How to refer back to an entity of `type`: they (people) or it. */
export function pronoun(type: string): "it" | "they" {
  return typeWords(type).who === "who" ? "they" : "it";
}

export function objectPronoun(type: string): "it" | "them" {
  return pronoun(type) === "they" ? "them" : "it";
}
