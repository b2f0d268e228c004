// Naming messages the way a user does: by a distinctive phrase of their text (a few words no other
// message in the workspace contains), a thread by the opening words of its first message, and a
// topic by a word that several messages of a channel mention. Phrases skip mention markup, code,
// links, emoji codes and quotes, so they read as plain words and can be quoted in an instruction.
import type { Json } from "../../../base/json";
import type { Prng } from "../../../sandbox/determinism";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { mentions } from "../../../tasks/programs/program-values";
import type { SeenMessage } from "./workspace";

const MIN_WORDS = 3;
const MAX_WORDS = 6;
const MAX_OPENING_WORDS = 8;
const MIN_CHARS = 12;
const MAX_CHARS = 60;
const EDGE_PUNCTUATION = /^[\s.,;:!?()'"…-]+|[\s.,;:!?()'"…-]+$/g;

/** Words a quoted phrase neither starts nor ends with: "the new billing" reads cut off. */
const FUNCTION_WORDS = new Set(
  `a an and are as at be but by for from he i if in is it its me my no not of on or our she so
  that the their them they this to up us was we with you your`.split(/\s+/),
);

/** A word that can stand in a quoted phrase: no markup, code, link, emoji code or quote. */
function plainToken(token: string): boolean {
  return (
    token !== "" &&
    !/[<>`"{}()*#_|]|https?:|www\./i.test(token) &&
    !/^:[a-z0-9_+-]+:/.test(token) &&
    !/:[a-z0-9_+-]+:$/.test(token)
  );
}

const trimmed = (phrase: string) => phrase.replace(EDGE_PUNCTUATION, "");
const lower = (text: string) => text.toLowerCase();
const bare = (token: string) => lower(trimmed(token));
/** A token that ends a sentence or clause (`fix.`, `Resolved!`, `up:`), so a phrase stops there. */
const endsClause = (token: string) => /[.!?:;]["')]*$/.test(token);

function usable(phrase: string, texts: readonly string[], avoid: readonly Json[]): boolean {
  if (phrase.length < MIN_CHARS || phrase.length > MAX_CHARS || !/[a-z]{4}/i.test(phrase)) {
    return false;
  }
  const needle = lower(phrase);
  if (texts.filter((t) => t.includes(needle)).length !== 1) return false;
  return !avoid.some((value) => mentions(phrase, value));
}

/**
 * Runs of plain words within one clause, neither starting nor ending with a function word, each
 * a substring of `text` once trimmed; only runs from the first word when `opening`.
 */
function windows(text: string, opening: boolean): string[] {
  const tokens = text.split(" ");
  const out: string[] = [];
  const starts = opening ? [0] : tokens.map((_, i) => i);
  const longest = opening ? MAX_OPENING_WORDS : MAX_WORDS;
  for (const start of starts) {
    const first = tokens[start] ?? "";
    // A phrase starts on a word: not "to", not "~20" cut from "delayed ~20 min".
    if (!opening && (FUNCTION_WORDS.has(bare(first)) || !/^\p{L}/u.test(trimmed(first)))) continue;
    for (let n = 1; n <= longest && start + n <= tokens.length; n++) {
      const run = tokens.slice(start, start + n);
      const last = run[run.length - 1] ?? "";
      if (!plainToken(last)) break;
      // A phrase ends on a word, not a number cut from its context ("3 hours" -> "3").
      const endsOnWord = /\p{L}{2}/u.test(last) && !FUNCTION_WORDS.has(bare(last));
      if (n >= MIN_WORDS && endsOnWord) out.push(trimmed(run.join(" ")));
      if (endsClause(last)) break;
    }
  }
  return out;
}

const wordCount = (phrase: string) => phrase.split(" ").length;

export class PhraseBook {
  private readonly texts: string[];

  constructor(messages: readonly SeenMessage[]) {
    this.texts = messages.map((m) => lower(m.text));
  }

  /** Words of `message` that no other message contains, none mentioning `avoid`; rng picks. */
  phrase(rng: Prng, message: SeenMessage, avoid: readonly Json[] = []): string | undefined {
    const options = windows(message.text, false).filter((p) => usable(p, this.texts, avoid));
    // A user quotes a few words, not a sentence: four or five when the text allows.
    const preferred = options.filter((p) => wordCount(p) >= 4 && wordCount(p) <= 5);
    return pick(rng, preferred.length > 0 ? preferred : options);
  }

  /** The opening words of `message`, as few as tell it apart; undefined when they never do. */
  opening(message: SeenMessage, avoid: readonly Json[] = []): string | undefined {
    const options = windows(message.text, true).filter((p) => usable(p, this.texts, avoid));
    return options.find((p) => wordCount(p) >= 4) ?? options[0];
  }

  /** Whether some phrase can name `message` (so candidates are only listed when they can). */
  nameable(message: SeenMessage): boolean {
    return windows(message.text, false).some((p) => usable(p, this.texts, []));
  }
}

const STOPWORDS = new Set(
  `about after again also always anyone back been before being both can't could does doing done
  don't each even ever every everyone first from going good great happy have here i'll i'm into
  it's just know last let's like made make more morning most much need never new next night only other
  over please really same should since some someone something still sure than thanks that that's
  their them then there these they thing things this those through time today tomorrow very want
  week were what when where which while will with would year yes your you're we're we'll`.split(
    /\s+/,
  ),
);

export interface Topic {
  /** The word as a user would write it (its first spelling in the channel). */
  word: string;
  /** The messages whose text contains it, in the order given. */
  matched: SeenMessage[];
}

const wordOf = (token: string) => token.replace(EDGE_PUNCTUATION, "");

/**
 * Words that some but not all of `messages` contain (at least `min`), read the same as a
 * case-insensitive substring and as a whole word, so "mentions X" means one thing.
 */
export function topics(messages: readonly SeenMessage[], min = 2): Topic[] {
  const spelled = new Map<string, string>();
  for (const m of messages) {
    for (const token of m.text.split(/\s+/)) {
      const word = wordOf(token);
      const key = lower(word);
      if (
        // A topic is a name, a term or a longer word, not "done" or "over".
        (word.length < 5 && !/[A-Z0-9]/.test(word)) ||
        word.length < 3 ||
        !/^[a-z][a-z0-9.'-]*[a-z0-9]$/i.test(word) ||
        !plainToken(token) ||
        STOPWORDS.has(key) ||
        FUNCTION_WORDS.has(key) ||
        spelled.has(key)
      ) {
        continue;
      }
      spelled.set(key, word);
    }
  }
  const out: Topic[] = [];
  for (const [key, word] of spelled) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const whole = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u");
    const bySubstring = messages.filter((m) => lower(m.text).includes(key));
    const byWord = messages.filter((m) => whole.test(lower(m.text)));
    if (bySubstring.length !== byWord.length) continue;
    if (bySubstring.length < min || bySubstring.length === messages.length) continue;
    out.push({ word, matched: bySubstring });
  }
  return out;
}
