// A scripted OpenAI-compatible server for the workerd tests' LLM steps (a real HTTP server: the
// only test double allowed, for what is outside the product). It answers the discovery coding
// agent once, with a tool grounded in the rows of the employees CSV that imports.test.ts sends,
// then files that import under a category.
import type { TestProject } from "vitest/node";
import { answer, startScriptedOpenAiServer } from "../support/scripted-openai-server";

declare module "vitest" {
  export interface ProvidedContext {
    llmBaseUrl: string;
  }
}

const tool = {
  name: "count_employees_in_team",
  description: "How many employees work in a team.",
  inputSchema: {
    type: "object",
    properties: { team: { type: "string", minLength: 1 } },
    required: ["team"],
    additionalProperties: false,
  },
  effect: "read",
  implementation:
    'function count_employees_in_team(args, ctx) { const row = ctx.one("SELECT COUNT(*) AS n FROM employees WHERE team = ?", [args.team]); return { team: args.team, employees: row.n }; }',
  tests: [
    {
      name: "research has two",
      args: { team: "research" },
      expect: { result: { team: "research", employees: 2 } },
    },
    {
      name: "flight has one",
      args: { team: "flight" },
      expect: { result: { team: "flight", employees: 1 } },
    },
  ],
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startScriptedOpenAiServer();
  server.enqueue(
    answer(`\`\`\`json\n${JSON.stringify({ tools: [tool] })}\n\`\`\``),
    // Then the same job asks it for a category (no category was given).
    answer(
      JSON.stringify({
        domain: "business",
        subdomain: "people-ops",
        reason: "employees grouped in teams: an HR / people-operations dataset",
      }),
    ),
  );
  project.provide("llmBaseUrl", server.baseUrl);
  return () => server.close();
}
