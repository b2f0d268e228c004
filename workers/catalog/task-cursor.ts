// The opaque keyset cursor of a task listing: the (created_at, id) of the last row of a page.
import { z } from "zod";
import { AppError } from "../../core/base/errors";
import type { TaskPageCursor } from "./task-repository";

const TaskCursorSchema = z.tuple([z.string().min(1), z.string().min(1)]);

export function encodeTaskCursor(cursor: TaskPageCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.createdAt, cursor.id]));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function decodeTaskCursor(text: string): TaskPageCursor {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const [createdAt, id] = TaskCursorSchema.parse(JSON.parse(json));
    return { createdAt, id };
  } catch {
    throw new AppError(
      "bad_request",
      "The cursor is not valid: pass back the `nextCursor` of the previous page unchanged.",
    );
  }
}
