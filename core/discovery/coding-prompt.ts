// The coding agent's prompts. One conversation: a system prompt with the whole contract (the ctx
// API, the ToolSpec JSON shape, what makes a test count), one request with the data, then one
// repair message per round listing each failing tool's failures. Answers are strict JSON.
import type { WantedTool } from "./wanted-tool";

export const CODING_SYSTEM_PROMPT = `You write tools for an AI-agent training environment backed by a real SQLite database.
Answer with ONE JSON object and nothing else: {"tools": [ToolSpec, ...]}.

ToolSpec:
{
  "name": "snake_case_verb_noun",          // letters, digits, _; starts with a letter; max 64
  "description": "...",                    // for an agent: what it does, when to use it, what it returns, which errors
  "inputSchema": {"type": "object", "properties": {...}, "required": [...], "additionalProperties": false},
  "effect": "read" | "write",
  "implementation": "function name(args, ctx) { ... }",   // JavaScript source, as a JSON string
  "tests": [
    {"name": "...", "args": {...}, "expect": {"result": <json>, "match": "exact" | "subset"}},
    {"name": "...", "args": {...}, "expect": {"error": {"code": "not_found"}}},
    {"name": "...", "args": {...}, "expect": {"result": {...}, "match": "subset", "changes": {"Table": {"inserted": 1, "updated": 0, "deleted": 0}}}}
  ]
}

The implementation is one synchronous function expression run in strict mode in a sandbox. Arguments are
already validated against inputSchema. It returns JSON. The only API is ctx:
- ctx.query(sql, params) -> array of row objects
- ctx.one(sql, params) -> first row object or null
- ctx.run(sql, params) -> {changes, lastInsertRowid}   (writes)
- ctx.fail(code, message, details) -> stops the call with a tool error (use codes such as "not_found", "invalid_state")
- ctx.now() -> ISO 8601 time; ctx.random() -> [0,1); ctx.id(prefix) -> a unique id string
SQL values are bound parameters only (?); never build SQL text from arguments. A failing SQL statement throws
an Error whose code is constraint_unique, constraint_foreign_key, constraint_not_null, constraint_check or sql_error.
No fetch, timers, eval, require or I/O. A call has a small CPU budget: no unbounded loops.

Tests run against the database's real rows as shown (each test rolled back afterwards):
- Every expected value must be true of the data shown. Values ending in "..." were cut for the prompt: do not use them in expectations.
- "exact" compares the whole result; "subset" checks only the keys given (arrays compare element by element).
- Every tool needs a test whose expected result holds real values (ids, names, counts) that only a correct
  implementation returns. Tests that a do-nothing implementation would also pass (only errors, {} or null) are rejected.
- A read tool must not change any row. A write tool needs a successful test with "changes" per table it writes;
  tables not named must not change. Do not expect exact generated ids or times; use "subset".
Write tools that an agent helping a user of this product would really need, and that do not duplicate the existing tools.`;

export interface CodingRequest {
  schema: string;
  theme?: string;
  existingTools: readonly string[];
  maxTools: number;
  /** Tools of the real source to implement under their own name, description and schema. */
  wantedTools?: readonly WantedTool[];
}

/** Product/theme documents longer than this are cut (the schema matters more). */
export const MAX_THEME_CHARS = 12_000;

export function codingRequestPrompt(request: CodingRequest): string {
  const theme = request.theme?.trim();
  return [
    `Write up to ${request.maxTools} new tools for this database.`,
    theme
      ? `Product / theme document:\n"""\n${theme.slice(0, MAX_THEME_CHARS)}${theme.length > MAX_THEME_CHARS ? "\n[cut]" : ""}\n"""`
      : "There is no product document: infer the product from the schema.",
    ...(request.wantedTools && request.wantedTools.length > 0
      ? [
          "Implement these tools of the real server first, keeping each name, description and inputSchema exactly as given (the schema is enforced):\n" +
            JSON.stringify(request.wantedTools, null, 1),
        ]
      : []),
    request.existingTools.length > 0
      ? `Tools that already exist (do not reuse these names or duplicate them): ${request.existingTools.join(", ")}`
      : "No tools exist yet.",
    `Database schema and sample rows:\n${request.schema}`,
    'Answer with the JSON object {"tools": [...]} only.',
  ].join("\n\n");
}

export interface ToolFailures {
  tool: string;
  reasons: readonly string[];
}

export function repairPrompt(failing: readonly ToolFailures[]): string {
  const sections = failing.map((f) =>
    [`## ${f.tool}`, ...f.reasons.map((r) => `- ${r}`)].join("\n"),
  );
  return [
    "These tools were not admitted. For each, fix whatever is wrong (the implementation, or a test whose",
    'expectation is not true of the data). Answer with the JSON object {"tools": [...]} holding the complete,',
    "corrected tools under the same names, and only those.",
    "",
    ...sections,
  ].join("\n");
}

/** Sent when an answer could not be read at all. */
export function unreadableAnswerPrompt(problem: string): string {
  return `Your answer could not be used: ${problem}\nAnswer again with only the JSON object {"tools": [...]}, no prose.`;
}
