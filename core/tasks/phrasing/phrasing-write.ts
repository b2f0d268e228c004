// The sentence for one write of a graph walk: what it creates, changes, adds, removes or assigns,
// with its references in the user's words (a record named earlier, "the new message", "the
// customer named X") and its stated fields ("named X with type Y"). The Composer (phrasing.ts)
// lends it how to phrase a value read from an earlier result.
import type { Json } from "../../base/json";
import { madeRecord, type ValueRef, type WalkStep } from "../graph-walk/graph-step";
import { mapSlots, readSlot } from "../graph-walk/walk-slots";
import { isOwnKeyPath } from "../own-fields";
import { entityWords, identifierWords, intentOf } from "./phrasing-intent";
import { type ArgPart, addedThing, argParts } from "./phrasing-parts";
import { article, attributeWords, formatValue, statedPhrase } from "./phrasing-values";
import { fieldKey, listPhrase, wordsOf } from "./words";

export interface WriteContext {
  step(index: number): WalkStep;
  /** A value read from an earlier result, in words ("that invoice", "the new message"). */
  refPhrase(ref: ValueRef): string;
}

/** Arguments named for their role between two records: "from X to Y". */
const ROLE_NAMES = new Set(["from", "to", "source", "target", "parent", "child"]);

/** "customer contact" and "customer", "support rep" and "rep": the same thing named. */
export function sameThing(a: string, b: string): boolean {
  if (a === "" || b === "") return false;
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  return wb.every((w) => wa.includes(w)) || wa.every((w) => wb.includes(w));
}

export function writeSentence(ctx: WriteContext, index: number): string {
  const step = ctx.step(index);
  const intent = intentOf(step.profile);
  const entity = entityWords(step.profile.entity);
  const owner = step.profile.owner ? entityWords(step.profile.owner) : undefined;
  const parts = argParts(step);
  const refs = parts
    .filter((p) => p.ref)
    .map((p) => {
      const text = partPhrase(ctx, step, p);
      const role = ROLE_NAMES.has(p.name.toLowerCase());
      return {
        name: p.name,
        words: partWords(ctx, step, p),
        text: role ? `${p.name.toLowerCase()} ${text}` : text,
        role,
        refers: p.field?.refers !== undefined,
        listed: p.field?.type === "array",
      };
    });
  const fields = parts
    .filter((p) => !p.ref && p.stated)
    .map((p) => ({ name: p.name, value: p.value, text: fieldPhrase(ctx, step, p, entity) }));
  // What an add puts in must be the thing itself: an issue comment is added to an issue.
  const head = wordsOf(entity).at(-1) ?? entity;
  const ofEntity =
    refs.find((r) => !r.role && r.words === entity) ??
    refs.find(
      (r) =>
        !r.role &&
        sameThing(entity, r.words) &&
        (intent !== "add" || wordsOf(r.words).includes(head)),
    );
  const ofOwner = refs.find(
    (r) =>
      r !== ofEntity &&
      !r.role &&
      ((owner !== undefined && sameThing(owner, r.words)) || (owner === undefined && r.refers)),
  );
  const others = refs.filter((r) => r !== ofEntity && r !== ofOwner);
  const fieldText = listPhrase(fields.map((f) => f.text));
  const verb = wordsOf(step.profile.verb)[0] ?? "update";
  let sentence: string;
  if (intent === "update") {
    const main = ofEntity ?? ofOwner ?? others[0];
    const target = main?.text ?? `the ${entity}`;
    // A reference that is the new value: "change the employee of that order to employee 5".
    const moved = refs
      .filter((r) => r !== main)
      .map((r) => `the ${r.words} of ${target} to ${r.text}`);
    const changes = fields.map(
      (f) => `the ${attributeWords(f.name, entity)} of ${target} to ${formatValue(f.value)}`,
    );
    sentence = `change ${listPhrase([...changes, ...moved])}`;
  } else if (intent === "assign") {
    const [first, second, ...rest] = refs;
    sentence = `${verb} ${first?.text ?? `the ${entity}`} to ${second?.text ?? article(entity)}`;
    if (rest.length > 0) sentence += ` for ${listPhrase(rest.map((r) => r.text))}`;
  } else if (intent === "create") {
    const naming = fields.find((f) => /^(named|titled) /.test(f.text));
    const rest = listPhrase(fields.filter((f) => f !== naming).map((f) => f.text));
    // A new row's own id is stated; every other reference says what it belongs to.
    const linked = refs.filter((r) => r.words !== entity);
    const forRefs = linked.filter((r) => !r.listed && !r.role).map((r) => r.text);
    const withRefs = linked.filter((r) => r.listed && !r.role).map((r) => r.text);
    const roles = linked.filter((r) => r.role).map((r) => r.text);
    sentence = `create ${article(entity)}${naming ? ` ${naming.text}` : ""}`;
    if (rest !== "") sentence += ` with ${rest}`;
    if (roles.length > 0) sentence += ` ${roles.join(" ")}`;
    if (forRefs.length > 0) sentence += ` for ${listPhrase(forRefs)}`;
    if (withRefs.length > 0) sentence += ` with ${listPhrase(withRefs)}`;
  } else if (intent === "add" || intent === "remove") {
    const word = intent === "add" ? (verb === "add" ? "add" : verb) : owner ? "remove" : verb;
    const named = listPhrase(fields.map((f) => statedPhrase(f.name, f.value, false, false)));
    const what =
      ofEntity?.text ??
      ((intent === "add" ? addedThing(entity, fields) : named) || `the ${entity}`);
    const where = ofOwner ? ` ${intent === "add" ? "to" : "from"} ${ofOwner.text}` : "";
    const extra = others.length > 0 ? ` for ${listPhrase(others.map((r) => r.text))}` : "";
    sentence = `${word} ${what}${where}${extra}`;
    if (ofEntity && fieldText) sentence += ` with ${fieldText}`;
  } else {
    const what = ofEntity?.text ?? (madeRecord(step) ? article(entity) : `the ${entity}`);
    const rest = others
      .concat(ofOwner ? [ofOwner] : [])
      .map((r) => r.text)
      .filter((text) => !what.includes(text));
    sentence = `${verb} ${what}${rest.length > 0 ? ` on ${listPhrase(rest)}` : ""}`;
    if (fieldText) sentence += ` with ${fieldText}`;
  }
  return sentence;
}

/** The words for what a reference names: "message" for a timestamp of the new message. */
function partWords(ctx: WriteContext, step: WalkStep, part: ArgPart): string {
  if (part.field?.refers) return entityWords(part.field.refers.entity);
  const ref = step.bound[part.slot];
  const source = ref ? ctx.step(ref.step) : undefined;
  if (ref && source && madeRecord(source) && isOwnKeyPath(source.profile, ref.tokens)) {
    return entityWords(source.profile.entity);
  }
  if (BARE_KEYS.has(fieldKey(part.name))) return entityWords(step.profile.entity);
  return identifierWords(part.name);
}

const BARE_KEYS = new Set(["id", "uuid", "key"]);

function partPhrase(ctx: WriteContext, step: WalkStep, part: ArgPart): string {
  const ref = step.bound[part.slot];
  if (ref) return ctx.refPhrase(ref);
  const named = step.names?.[part.slot];
  if (named) return named.phrase;
  if (part.field?.refers) {
    return `${entityWords(part.field.refers.entity)} ${formatValue(part.value)}`;
  }
  // A bare key (`id`) names the step's own record: "flight 4538", not "id 4538".
  if (BARE_KEYS.has(fieldKey(part.name))) {
    return `${entityWords(step.profile.entity)} ${formatValue(part.value)}`;
  }
  return statedPhrase(part.name, part.value, true);
}

/** A stated field of a write; references bound inside it read as what they name. */
function fieldPhrase(ctx: WriteContext, step: WalkStep, part: ArgPart, entity: string): string {
  const name = attributeWords(part.name, entity);
  const inside = [...Object.keys(step.bound), ...Object.keys(step.names ?? {})].filter(
    (slot) => slot.startsWith(`${part.slot}.`) || slot.startsWith(`${part.slot}[`),
  );
  if (inside.length === 0) return statedPhrase(name, part.value, false, false);
  const phrases = new Map<string, string>();
  const marked = mapSlots(step.args, inside, (slot) => {
    const mark = `\u0000${phrases.size}\u0000`;
    const ref = step.bound[slot];
    phrases.set(mark, ref ? ctx.refPhrase(ref) : (step.names?.[slot]?.phrase ?? ""));
    return mark;
  });
  return `${name} ${formatValue((readSlot(marked as Record<string, Json>, part.slot) ?? null) as Json, phrases)}`;
}
