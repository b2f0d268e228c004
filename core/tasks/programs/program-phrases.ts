// Words for the fields a programmatic task talks about: `billing.city` is "billing city", the `sum`
// of `sum_order_detail_quantity_by_order` is "order detail quantity", and a field of another
// record than the element's is "the name of its product".

import { humanize, wordsOf } from "../phrasing/words";
import type { ToolProfile } from "../tool-profile";
import { pluralNoun } from "./program-list-source";

const AGGREGATE_VERBS = new Set(["sum", "count", "total", "avg", "average"]);
const OWNER_WORDS = new Set(["by", "of", "per", "for"]);

/** A field of `tool`'s result in words. */
export function fieldPhrase(tool: ToolProfile, path: string): string {
  const last = path.split(".").pop() ?? path;
  if (AGGREGATE_VERBS.has(tool.verb) && ["sum", "count", "total", "value"].includes(last)) {
    const words = wordsOf(tool.name).slice(1);
    const cut = words.findIndex((w) => OWNER_WORDS.has(w));
    const subject = (cut < 0 ? words : words.slice(0, cut)).join(" ");
    if (last === "count") return `number of ${pluralNoun(entityWords(tool) || subject)}`;
    return `total ${subject}`;
  }
  return path.split(".").map(humanize).join(" ");
}

/** "its ship name" when `tool` describes the element itself, else "the name of its product". */
export function itsField(tool: ToolProfile, elementNoun: string, path: string): string {
  const phrase = fieldPhrase(tool, path);
  const entity = entityWords(tool);
  const lastWord = entity.split(" ").pop() ?? "";
  const owner = tool.owner ? wordsOf(tool.owner).join(" ") : undefined;
  if (AGGREGATE_VERBS.has(tool.verb) && owner && owner !== elementNoun) {
    return `the ${phrase} of its ${owner}`;
  }
  if (entity === "" || entity === elementNoun || phrase.split(" ").includes(lastWord)) {
    return `its ${phrase}`;
  }
  return `the ${phrase} of its ${entity}`;
}

export function entityWords(tool: ToolProfile): string {
  return wordsOf(tool.entity).join(" ");
}
