// A record's own naming fields in a tool's result: the key (`id`, `messageId`, `issue_number`) or
// the name (`name` of a memory entity) of the record the tool made or returned, as opposed to the
// references it carries (`channel_id` of a message). Walks feed these into later calls ("react to
// the new message") and count such a link as a dependent call even when the user chose the name.
import type { RefToken } from "./graph-walk/graph-paths";
import { fieldKey } from "./phrasing/words";
import type { ToolField, ToolProfile } from "./tool-profile";

const KEY_WORDS = ["id", "key", "uuid", "number", "ts", "timestamp"];
const NAME_WORDS = ["name", "title"];
/** Attributes a description may ask for that are the record's key under another name. */
const KEY_SYNONYMS: Record<string, readonly string[]> = {
  timestamp: ["ts", "timestamp"],
  ts: ["ts", "timestamp"],
  identifier: ["id"],
};

/** `id`, `messageid`, `name`, `entityname`: a key or name of a record of `entity`. */
export function isOwnKeyName(entity: string, name: string): boolean {
  const key = fieldKey(name);
  const own = fieldKey(entity);
  return [...KEY_WORDS, ...NAME_WORDS].some((w) => key === w || key === `${own}${w}`);
}

/** Fields of the record itself: top-level, or of the elements of the main list (batch writes). */
function recordFields(profile: ToolProfile): ToolField[] {
  const list = profile.listPath;
  return profile.outputs.filter(
    (o) => !o.path.includes(".") || (list !== undefined && o.path === `${list}[].${o.name}`),
  );
}

/** The field of `profile`'s record that a description's attribute names ("timestamp" -> `id`). */
export function ownField(profile: ToolProfile, attr: string): ToolField | undefined {
  const fields = recordFields(profile);
  const own = fieldKey(profile.entity);
  const wanted = KEY_SYNONYMS[fieldKey(attr)] ?? [fieldKey(attr)];
  const exact = fields.find((f) => wanted.some((w) => f.key === w || f.key === `${own}${w}`));
  if (exact) return exact;
  // A record named by its key under another word: Slack's message timestamp is its id.
  if (!KEY_WORDS.includes(fieldKey(attr)) && !(fieldKey(attr) in KEY_SYNONYMS)) return undefined;
  return fields.find((f) => f.identifier && (f.key === "id" || f.key === `${own}id`));
}

/** The path read is the key or name of the step's own record (`id`, `entities[...].name`). */
export function isOwnKeyPath(profile: ToolProfile, tokens: readonly RefToken[]): boolean {
  const leaf = tokens.at(-1)?.key ?? "";
  if (tokens.length === 2) {
    if (profile.listPath === undefined || tokens[0]?.key !== profile.listPath) return false;
  } else if (tokens.length !== 1) {
    return false;
  }
  return isOwnKeyName(profile.entity, leaf);
}
