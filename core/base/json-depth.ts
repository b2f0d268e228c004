// How deep JSON text nests, measured on the text before anything is parsed: one pass, no
// recursion, no allocation per level, so a megabyte of `[` costs a loop and not an object graph.
import { escapePointerSegment } from "./json-schema/json-pointer";

interface Frame {
  array: boolean;
  /** The current element of an array. */
  index: number;
  /** Where the current member's key is in the text (an object), -1 before the first key. */
  keyStart: number;
  keyEnd: number;
  expectKey: boolean;
}

/**
 * The JSON Pointer of the first container nested deeper than `maxDepth` (the top-level value is
 * depth 1), or null when none is. Text that is not JSON is measured as far as it goes; parsing it
 * reports the syntax error.
 */
export function firstTooDeep(text: string, maxDepth: number): string | null {
  const stack: Frame[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.keyStart = i;
        top.keyEnd = end;
        top.expectKey = false;
      }
      i = end - 1;
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (stack.length >= maxDepth) return pointerOf(text, stack);
      stack.push({ array: ch === 0x5b, index: 0, keyStart: -1, keyEnd: -1, expectKey: true });
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      stack.pop();
    } else if (ch === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    }
  }
  return null;
}

/** The index just past the string that opens at `start` (or the text's end if it never closes). */
function stringEnd(text: string, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    const ch = text.charCodeAt(j);
    if (ch === 0x5c /* \ */) j++;
    else if (ch === 0x22) return j + 1;
  }
  return text.length;
}

function pointerOf(text: string, stack: readonly Frame[]): string {
  return stack
    .map(
      (frame) => `/${escapePointerSegment(frame.array ? String(frame.index) : keyOf(text, frame))}`,
    )
    .join("");
}

function keyOf(text: string, frame: Frame): string {
  if (frame.keyStart < 0) return "";
  const raw = text.slice(frame.keyStart, frame.keyEnd);
  try {
    const key: unknown = JSON.parse(raw);
    return typeof key === "string" ? key : raw;
  } catch {
    return raw;
  }
}
