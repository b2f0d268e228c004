// Reads the coding agent's answer: strict JSON `{tools: [...]}` (a ```json fence is tolerated),
// each tool checked against ToolSpecSchema on its own so one bad tool does not sink the others.
import { z } from "zod";
import { type ToolSpec, ToolSpecSchema } from "../environment/spec";

const AnswerSchema = z.object({ tools: z.array(z.unknown()) });

export interface InvalidTool {
  /** The name it gave, or `tool #n` when it gave none. */
  name: string;
  reasons: string[];
}

export type ParsedAnswer =
  | { ok: true; tools: ToolSpec[]; invalid: InvalidTool[] }
  | { ok: false; problem: string };

export function parseToolAnswer(content: string): ParsedAnswer {
  const text = unfenced(content);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, problem: `it is not valid JSON (${why}).` };
  }
  const answer = AnswerSchema.safeParse(json);
  if (!answer.success) {
    return { ok: false, problem: 'it is JSON but not an object of the form {"tools": [...]}.' };
  }
  const tools: ToolSpec[] = [];
  const invalid: InvalidTool[] = [];
  answer.data.tools.forEach((raw, i) => {
    const parsed = ToolSpecSchema.safeParse(raw);
    if (parsed.success) {
      tools.push(parsed.data);
      return;
    }
    invalid.push({
      name: nameOf(raw) ?? `tool #${i + 1}`,
      reasons: parsed.error.issues.map(
        (issue) => `not a valid tool spec at ${issue.path.join(".") || "/"}: ${issue.message}`,
      ),
    });
  });
  return { ok: true, tools, invalid };
}

/** The JSON inside a Markdown code fence, if the whole answer is one (or has one); else the text. */
function unfenced(content: string): string {
  const fenced = /```(?:json|JSON)?\s*\n([\s\S]*?)\n?```/.exec(content);
  return (fenced?.[1] ?? content).trim();
}

function nameOf(raw: unknown): string | undefined {
  if (typeof raw !== "object" || raw === null || !("name" in raw)) return undefined;
  return typeof raw.name === "string" && raw.name !== "" ? raw.name.slice(0, 64) : undefined;
}
