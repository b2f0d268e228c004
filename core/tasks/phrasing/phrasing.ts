// The instruction of a graph task: what a user would write, composed from per-tool intents. The
// user states the values they know (an email, a date, a new phone number) and names things by
// their attributes; identifiers read from earlier results stay hidden ("that customer", "the
// invoice dated 2025-08-07"), tool and column names never appear.
import type { Json } from "../../base/json";
import type { AnswerSpec } from "../answer-pick";
import type { RefToken, Selection } from "../graph-walk/graph-paths";
import { attributeRank, looksLikeIdentifier, readRef } from "../graph-walk/graph-paths";
import { madeRecord, type ValueRef, type Walk, type WalkStep } from "../graph-walk/graph-step";
import { isOwnKeyName, isOwnKeyPath } from "../own-fields";
import { entityWords, identifierWords, intentOf } from "./phrasing-intent";
import { argParts, isReferenceField } from "./phrasing-parts";
import { attributeWords, formatValue, selectionPhrase, statedPhrase } from "./phrasing-values";
import { sameThing, writeSentence } from "./phrasing-write";
import { fieldKey, listPhrase, plural, singular, wordsOf } from "./words";

// Validation imports the checker from here, beside the phrasing it polices.
export { instructionLeaks, type LeakCheck } from "./phrasing-leaks";

const GENERIC_LISTS = new Set([
  "item",
  "result",
  "data",
  "row",
  "record",
  "entry",
  "match",
  "group",
]);

function isIdentifierArg(step: WalkStep, name: string): boolean {
  return isReferenceField(
    step.profile.inputs.find((i) => i.name === name),
    name,
  );
}

/** The entity a list holds: `invoices` -> "invoice", `items` of list_orders -> "order". */
export function listEntity(step: WalkStep, key: string): string {
  const entity = entityWords(step.profile.entity);
  const word = key === "" ? "" : entityWords(key);
  if (word === "" || GENERIC_LISTS.has(word)) return entity;
  const last = wordsOf(word).at(-1) ?? word;
  return entity.endsWith(last) ? entity : word;
}

/** `sum` / `count` of an aggregate ("Total freight over the orders of one customer."). */
function aggregatePhrase(step: WalkStep, attr: string, subject: string): string | undefined {
  if (intentOf(step.profile) !== "aggregate") return undefined;
  const over = /total ([\w ]+?) over the ([\w ]+?) of (?:one|a|an) /i.exec(
    step.profile.description,
  );
  if (!over?.[1] || !over[2]) return undefined;
  if (attr === "sum") return `the total ${over[1]} over the ${over[2]} of ${subject}`;
  if (attr === "count") return `the number of ${over[2]} of ${subject}`;
  return undefined;
}

const BARE_KEYS = new Set(["id", "uuid", "key"]);

function isScalar(value: Json | undefined): value is string | number {
  return typeof value === "string" || typeof value === "number";
}

/** The first identifier-named key of an element: its own id (`trackId`), not a reference. */
function ownIdentifier(element: Json | undefined): string | undefined {
  if (element === null || typeof element !== "object" || Array.isArray(element)) return undefined;
  return Object.keys(element).find((k) => looksLikeIdentifier(k));
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

class Composer {
  private readonly sentences: string[] = [];
  /** Elements already introduced by a sentence, by `${step}|${list key}`. */
  private readonly introduced = new Set<string>();
  private wrote = false;
  /** Steps a sentence has described. */
  private readonly said = new Set<number>();
  /** Records a sentence has already named in full ("the customer named X"). */
  private readonly mentioned = new Set<string>();
  /** The step whose sentence is being written. */
  private writing = 0;

  constructor(private readonly walk: Walk) {}

  step(index: number): WalkStep {
    return this.walk.steps[index] as WalkStep;
  }

  private say(sentence: string): void {
    for (const step of this.walk.steps) {
      for (const named of Object.values(step.names ?? {})) {
        if (sentence.includes(named.phrase)) this.mentioned.add(named.phrase);
      }
    }
    const text =
      this.wrote && this.sentences.length > 0 ? `Then ${sentence}` : upperFirst(sentence);
    this.sentences.push(text.endsWith(".") ? text : `${text}.`);
  }

  /** The known arguments of a step as "with email X and city Y" / `matching "rosie"`. */
  private scope(index: number, skip: readonly string[] = []): string {
    const step = this.step(index);
    const known = step.known.filter((k) => !skip.includes(k));
    const parts = known
      .filter((k) => !step.names?.[k])
      .map((k) => statedPhrase(k, step.args[k] ?? null, isIdentifierArg(step, k)));
    const bound = [
      ...known.flatMap((k) => {
        const named = step.names?.[k];
        return named ? [`of ${named.phrase}`] : [];
      }),
      ...Object.entries(step.bound).map(([, ref]) => `of ${this.refPhrase(ref)}`),
    ];
    const stated = parts.filter((p) => !p.startsWith("matching") && !p.startsWith("named"));
    const leading = parts.filter((p) => p.startsWith("matching") || p.startsWith("named"));
    const withPart = stated.length > 0 ? `with ${listPhrase(stated)}` : "";
    return [...leading, withPart, ...bound].filter((p) => p !== "").join(" ");
  }

  /** What the step acts on, in words: a stated id, the bound element, or its stated values. */
  subject(index: number): string {
    const step = this.step(index);
    const entity = entityWords(step.profile.entity);
    if (madeRecord(step) && this.said.has(index)) return this.newPhrase(index);
    const ids = Object.keys(step.args).filter((name) => isIdentifierArg(step, name));
    const own = ids.find((name) => sameThing(entity, identifierWords(name)));
    if (own !== undefined) return this.argPhrase(step, own);
    // A bare key (`id`) is the entity's own: "flight 3277", not "the flight with id 3277".
    const bare = ids.find((name) => BARE_KEYS.has(fieldKey(name)));
    const value = bare === undefined ? undefined : step.args[bare];
    if (bare !== undefined && !step.bound[bare] && !step.names?.[bare] && isScalar(value)) {
      return `${entity} ${formatValue(value)}`;
    }
    const anyBound = Object.values(step.bound)[0];
    if (anyBound && step.known.length === 0) return this.refPhrase(anyBound);
    const scope = this.scope(index);
    return scope === "" ? `the ${entity}` : `the ${entity} ${scope}`;
  }

  /** A bound value as the user knows the thing it names: "that invoice", "the album of that track". */
  refPhrase(ref: ValueRef): string {
    const source = this.step(ref.step);
    if (this.said.has(ref.step) && madeRecord(source) && isOwnKeyPath(source.profile, ref.tokens)) {
      return this.madePhrase(ref);
    }
    const last = ref.tokens.at(-1)?.key ?? "";
    const named = identifierWords(last);
    if (ref.tokens.some((t) => t.select !== undefined)) {
      let phrase = "";
      let element: Json | undefined = source.result;
      ref.tokens.forEach((token, i) => {
        if (i === ref.tokens.length - 1 && !token.select) return;
        element = readRef(element ?? null, [token]);
        if (!token.select) return;
        const entity = listEntity(source, token.key);
        phrase =
          phrase === ""
            ? this.elementPhrase(ref.step, token.key, token.select)
            : `the ${entity} ${selectionPhrase(token.select, entity)} of ${phrase}`;
      });
      const ownId = ownIdentifier(element);
      const selected = [...ref.tokens].reverse().find((t) => t.select !== undefined);
      const ownName =
        selected !== undefined && isOwnKeyName(listEntity(source, selected.key), last);
      return last === ownId || ownName || named === "" ? phrase : `the ${named} of ${phrase}`;
    }
    // A result that echoes an argument (`customerId` of the customer's invoice list) is that thing.
    if (ref.tokens.length === 1) {
      const echoed = Object.keys(source.args).find((a) => fieldKey(a) === fieldKey(last));
      // Named in full where it was first stated; later it is "that customer".
      const named = echoed === undefined ? undefined : source.names?.[echoed];
      if (named && this.mentioned.has(named.phrase)) return `that ${named.noun}`;
      if (echoed !== undefined) return this.argPhrase(source, echoed);
    }
    const entity = entityWords(source.profile.entity);
    if (ref.tokens.length <= 1 && sameThing(entity, named)) return this.subject(ref.step);
    return `the ${this.ownerWords(ref.tokens, named)} of ${this.subject(ref.step)}`;
  }

  /** The record an earlier step of the chain made: "the new message", "the new entity named X". */
  private madePhrase(ref: ValueRef): string {
    const source = this.step(ref.step);
    const entity = entityWords(source.profile.entity);
    const [list, leaf] = ref.tokens;
    const select = leaf ? list?.select : undefined;
    const items = list ? readRef(source.result, [{ key: list.key }]) : undefined;
    if (!select || (Array.isArray(items) && items.length === 1)) return this.newPhrase(ref.step);
    return `the new ${entity} ${selectionPhrase(select, entity)}`;
  }

  /** "the new message", or with a stated value when the chain made two: `with text "X"`. */
  private newPhrase(index: number): string {
    const step = this.step(index);
    const entity = entityWords(step.profile.entity);
    // Another record of the kind made before the sentence being written makes "the new X" ambiguous.
    const twins = this.walk.steps.filter(
      (s, i) =>
        i !== index &&
        i < this.writing &&
        s.profile.entity === step.profile.entity &&
        madeRecord(s),
    );
    if (twins.length === 0) return `the new ${entity}`;
    let best: { attr: string; value: string | number; rank: number } | undefined;
    for (const part of argParts(step)) {
      if (part.ref || !part.stated) continue;
      if (typeof part.value !== "string" && typeof part.value !== "number") continue;
      const rank = attributeRank(part.name, part.value);
      if (rank > (best?.rank ?? 0)) best = { attr: part.name, value: part.value, rank };
    }
    return best ? `the new ${entity} ${selectionPhrase(best, entity)}` : `the new ${entity}`;
  }

  private ownerWords(tokens: readonly RefToken[], named: string): string {
    const parent = tokens.length > 1 ? tokens[tokens.length - 2]?.key : undefined;
    return parent ? entityWords(parent) : named;
  }

  /** "that invoice" once introduced, else "the invoice dated D of that customer". */
  private elementPhrase(index: number, key: string, selection: Selection): string {
    const entity = listEntity(this.step(index), key);
    if (this.introduced.has(`${index}|${key}`)) return `that ${entity}`;
    const scope = this.listScope(index, key);
    return `the ${entity} ${selectionPhrase(selection, entity)}${scope ? ` ${scope}` : ""}`;
  }

  private listScope(index: number, key: string): string {
    const step = this.step(index);
    const isTop = step.profile.listPath === key && key !== "" && this.isListTool(step);
    if (isTop || key === "") return this.scope(index);
    return `of ${this.subject(index)}`;
  }

  private isListTool(step: WalkStep): boolean {
    const intent = intentOf(step.profile);
    return intent === "list" || intent === "search" || step.profile.verb === "find";
  }

  /** Sentences for a read whose list a later step picks from. */
  private readSentence(index: number, used: Set<string>): void {
    const step = this.step(index);
    const selections = this.walk.selections[index];
    for (const [prefix, selection] of selections ?? []) {
      const key =
        prefix
          .split(".")
          .filter((p) => p !== "")[0]
          ?.replace(/\[\]$/, "") ?? "";
      if (!used.has(`${index}|${key}`) || prefix.split(".").length > 2) continue;
      const entity = listEntity(step, key);
      const stated = step.known.find((k) => step.args[k] === selection.value);
      this.introduced.add(`${index}|${key}`);
      const scope = this.listScope(index, key);
      if (stated !== undefined) {
        this.say(`find the ${entity}${scope ? ` ${scope}` : ""}`);
      } else {
        const among = `among the ${plural(entity)}${scope ? ` ${scope}` : ""}`;
        this.say(`${among}, take the one ${selectionPhrase(selection, entity)}`);
      }
    }
  }

  private writeSentence(index: number): void {
    this.say(writeSentence(this, index));
    this.said.add(index);
    this.wrote = true;
  }

  private argPhrase(step: WalkStep, name: string): string {
    const ref = step.bound[name];
    if (ref) return this.refPhrase(ref);
    const named = step.names?.[name]?.phrase;
    if (named) return named;
    const value = step.args[name];
    if (BARE_KEYS.has(fieldKey(name)) && isScalar(value)) {
      return `${entityWords(step.profile.entity)} ${formatValue(value)}`;
    }
    return statedPhrase(name, value ?? null, true);
  }

  /** What a result describes: the argument it echoes (`playlistId`), else the step's subject. */
  private resultSubject(index: number): { phrase: string; entity: string } {
    const step = this.step(index);
    const entity = entityWords(step.profile.entity);
    if (madeRecord(step) && this.said.has(index)) {
      return { phrase: this.newPhrase(index), entity };
    }
    const result = step.result;
    if (result !== null && typeof result === "object" && !Array.isArray(result)) {
      for (const [key, value] of Object.entries(result)) {
        const arg = Object.keys(step.args).find(
          (a) =>
            isIdentifierArg(step, a) && fieldKey(a) === fieldKey(key) && step.args[a] === value,
        );
        if (arg !== undefined)
          return { phrase: this.argPhrase(step, arg), entity: identifierWords(arg) };
      }
    }
    return { phrase: this.subject(index), entity: entityWords(step.profile.entity) };
  }

  answerPhrase(answer: AnswerSpec): string {
    const step = this.step(answer.step);
    if (answer.kind === "field") {
      const selectedAt = answer.tokens.findIndex((t) => t.select !== undefined);
      const attr = answer.tokens.at(-1)?.key ?? "";
      if (selectedAt >= 0) {
        const token = answer.tokens[selectedAt] as RefToken;
        const entity = listEntity(step, token.key);
        const element = this.elementPhrase(answer.step, token.key, token.select as Selection);
        return `the ${attributeWords(attr, entity)} of ${element}`;
      }
      const about = this.resultSubject(answer.step);
      const aggregate = aggregatePhrase(step, attr, about.phrase);
      if (aggregate) return aggregate;
      const path = answer.tokens.map((t) => t.key).filter((k) => k !== "");
      const parent = path.length > 1 ? entityWords(path[0] ?? "") : "";
      const words = attributeWords(attr, about.entity);
      const full = parent && !sameThing(about.entity, parent) ? `${parent} ${words}` : words;
      return `the ${full} of ${about.phrase}`;
    }
    const key = answer.list[0]?.key ?? "";
    const entity = listEntity(step, key);
    const scope = this.listScope(answer.step, key);
    if (answer.kind === "count") {
      return `how many ${plural(entity)}${scope ? ` ${scope}` : ""} there are`;
    }
    const attr = attributeWords(answer.attr, entity);
    return `the ${plural(singular(attr))} of the ${plural(entity)}${scope ? ` ${scope}` : ""}`;
  }

  compose(answer: AnswerSpec | undefined): string {
    const used = new Set<string>();
    for (const step of this.walk.steps) {
      for (const ref of Object.values(step.bound)) {
        const token = ref.tokens.find((t) => t.select !== undefined);
        if (token) used.add(`${ref.step}|${token.key}`);
      }
    }
    this.walk.steps.forEach((step, index) => {
      this.writing = index;
      if (step.profile.effect === "write") this.writeSentence(index);
      else this.readSentence(index, used);
    });
    this.writing = this.walk.steps.length;
    if (answer) this.say(`tell me ${this.answerPhrase(answer)}`);
    return this.sentences.join(" ");
  }
}

/** The whole instruction for a walked chain and the answer it asks for (none: state-only). */
export function composeInstruction(walk: Walk, answer?: AnswerSpec): string {
  return new Composer(walk).compose(answer);
}
