// Source bytes or text as a string: strict UTF-8 (a bad byte is an error, not a silent U+FFFD) and
// no byte-order mark.
import { AppError } from "../base/errors";
import { jsonErrorPosition } from "./json-error-position";

export function sourceText(input: string | Uint8Array, sourceName: string): string {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(input);
    } catch {
      throw new AppError("validation_failed", `${sourceName} is not valid UTF-8 text.`, {
        source: sourceName,
      });
    }
  }
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/** JSON.parse with an AppError that names the source and the line and column of the mistake. */
export function parseJsonText(input: string | Uint8Array, sourceName: string): unknown {
  const text = sourceText(input, sourceName);
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    const position = jsonErrorPosition(text);
    const where = position ? ` at line ${position.line}, column ${position.column}` : "";
    throw new AppError("validation_failed", `${sourceName} is not valid JSON${where}.`, {
      source: sourceName,
      reason,
      ...position,
    });
  }
}

/** `null`, `an array`, `an object`, `a number`...: for messages about the wrong kind of JSON. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}
