// LLM-written seed rows for an MCP import, against a real OpenAI-compatible HTTP server with
// scripted answers: good rows replace the generated ones and the tools built on them pass admission
// in the QuickJS sandbox, testing the model's values; a table whose rows fail a check keeps its
// generated rows with the reason; a failing endpoint or an unreadable answer changes nothing.
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_ANSWER_TOKENS } from "../../core/discovery/coding-agent";
import {
  type SeedRowsReport,
  seedRowsRequest,
  writeSeedRowsWithLlm,
} from "../../core/mcp/import/llm-seed-rows";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { SEED_ROWS } from "../../core/mcp/import/tool-tests";
import { HELPDESK_SPEC } from "../fixtures/helpdesk-mcp-spec";
import { admitImport, failingTests } from "../support/mcp-admission";
import { useScriptedLlm } from "../support/scripted-llm-client";
import { answer } from "../support/scripted-openai-server";

const scripted = useScriptedLlm("seed-writer");

type Row = Record<string, unknown>;

const tickets: Row[] = [
  {
    ticket_id: 4101,
    subject: "Refund for a duplicate charge on invoice INV-2024-0113",
    requester_email: "marta.kowalska@northwind.example",
    priority: "high",
    status: "open",
    opened_at: "2024-03-04T08:15:00Z",
    estimate_hours: 2,
    agent_id: "agt-ana",
    vip: true,
    tags: ["refund", "invoice"],
  },
  {
    ticket_id: 4102,
    subject: "Cannot reset password after the SSO migration",
    requester_email: "devon.okafor@lumen.example",
    priority: "urgent",
    status: "pending",
    opened_at: "2024-03-04T10:40:00Z",
    estimate_hours: 4,
    agent_id: "agt-raj",
    vip: false,
    tags: ["sso", "login"],
  },
  {
    ticket_id: 4103,
    subject: "Export of March usage report times out",
    requester_email: "ines.moreau@atelier.example",
    priority: "normal",
    status: "open",
    opened_at: "2024-03-05T13:05:00Z",
    estimate_hours: 6,
    agent_id: "agt-raj",
    vip: false,
    tags: ["export"],
  },
  {
    ticket_id: 4104,
    subject: "Add a second admin to the Acme workspace",
    requester_email: "tom.becker@acme.example",
    priority: "low",
    status: "solved",
    opened_at: "2024-03-06T09:00:00Z",
    estimate_hours: 1,
    agent_id: "agt-lea",
    vip: true,
    tags: [],
  },
  {
    ticket_id: 4105,
    subject: "VAT number missing from the annual invoice",
    requester_email: "sofia.rossi@fiore.example",
    priority: "normal",
    status: "pending",
    opened_at: "2024-03-07T16:30:00Z",
    estimate_hours: 3,
    agent_id: "agt-ana",
    vip: false,
    tags: ["invoice", "tax"],
  },
  {
    ticket_id: 4106,
    subject: "Webhook deliveries fail with HTTP 410",
    requester_email: "kenji.sato@tide.example",
    priority: "high",
    status: "open",
    opened_at: "2024-03-08T07:45:00Z",
    estimate_hours: 8,
    agent_id: "agt-lea",
    vip: true,
    tags: ["webhooks", "api"],
  },
];

const agents: Row[] = [
  { agent_id: "agt-ana", name: "Ana Silva", email: "ana.silva@helpdesk.example", team: "billing" },
  {
    agent_id: "agt-raj",
    name: "Raj Patel",
    email: "raj.patel@helpdesk.example",
    team: "technical",
  },
  {
    agent_id: "agt-lea",
    name: "Léa Martin",
    email: "lea.martin@helpdesk.example",
    team: "accounts",
  },
];

const rowsAnswer = (tables: Record<string, unknown>) => answer(JSON.stringify({ tables }));

async function seedWith(tables: Record<string, unknown>): Promise<SeedRowsReport> {
  scripted.server().enqueue(rowsAnswer(tables));
  return writeSeedRowsWithLlm({ llm: scripted.llm(), spec: HELPDESK_SPEC });
}

const testOf = (imported: ReturnType<typeof importMcpSpec>, tool: string, n = 0) =>
  imported.tools.find((t) => t.name === tool)?.tests[n];

describe("LLM seed rows for an MCP import", () => {
  it("uses the model's rows; the tools built on them pass admission and test its values", async () => {
    const report = await seedWith({ ticket: tickets, agent: agents });
    expect(report).toMatchObject({
      status: "llm",
      model: "seed-writer",
      tables: [
        { table: "ticket", rows: 6, source: "llm" },
        { table: "agent", rows: 3, source: "llm" },
      ],
      usage: { promptTokens: 100, completionTokens: 50, totalTokens: 150 },
    });
    expect(report.tables.every((t) => t.reason === undefined)).toBe(true);

    const imported = importMcpSpec(HELPDESK_SPEC, { seedRows: report.llmRows });
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(8);
    expect(imported.report.tables).toContainEqual(
      expect.objectContaining({ name: "ticket", rows: 6 }),
    );

    expect(testOf(imported, "get_ticket")).toMatchObject({
      args: { ticket_id: 4101 },
      expect: {
        result: {
          subject: "Refund for a duplicate charge on invoice INV-2024-0113",
          requester_email: "marta.kowalska@northwind.example",
          vip: true,
          tags: ["refund", "invoice"],
        },
      },
    });
    expect(testOf(imported, "get_agent")).toMatchObject({
      args: { agent_id: "agt-ana" },
      expect: { result: { name: "Ana Silva", team: "billing" } },
    });
    expect(testOf(imported, "list_tickets")?.expect.result).toEqual({ total: 6 });
    expect(testOf(imported, "search_tickets")?.args).toEqual({ query: "Refund" });
    expect(testOf(imported, "delete_ticket")?.args).toEqual({ ticket_id: 4101 });
    // Linked columns still name rows that exist: the model's agents.
    const ticketTable = imported.seed.tables.ticket;
    const at = ticketTable?.columns.indexOf("agent_id") ?? -1;
    const assignees = new Set(ticketTable?.rows.map((r) => r[at]));
    expect([...assignees].every((a) => ["agt-ana", "agt-raj", "agt-lea"].includes(String(a)))).toBe(
      true,
    );

    // What the report stores replays the import without the model.
    const replayed = importMcpSpec(HELPDESK_SPEC, {
      seedRows: JSON.parse(JSON.stringify(report)).llmRows,
    });
    expect(replayed).toEqual(imported);
  });

  it("asks once, at temperature 0 and the job's answer cap, with the schema's types, enums and formats", async () => {
    const before = scripted.server().requests.length;
    await seedWith({ ticket: tickets, agent: agents });
    const request = scripted.server().requests[before]?.body as Record<string, unknown>;
    expect(scripted.server().requests.length).toBe(before + 1);
    expect(request).toMatchObject({ temperature: 0, max_tokens: DEFAULT_MAX_ANSWER_TOKENS });
    const prompt = scripted.lastPrompt();
    expect(prompt).toContain("Server: helpdesk-mcp@1.2.0");
    expect(prompt).toContain("- create_ticket: Open a support ticket for a customer request.");
    expect(prompt).toContain("ticket (key ticket_id)");
    expect(prompt).toContain('status: string; one of "open", "pending", "solved"');
    expect(prompt).toContain('requester_email: string; format email; "Who asked"');
    expect(prompt).toContain("estimate_hours: integer; minimum 0; maximum 40");
    expect(prompt).toContain("agent_id: string, the key");
    expect(prompt).toContain('vip: boolean; "Whether the requester is on a premium plan"');
    expect(prompt).toContain(
      'tags: JSON value; shape {"type":"array","items":{"type":"string"},"maxItems":5}',
    );
  });

  it("sends the same request for the same spec, as text or parsed, and spends within the budget", async () => {
    const base = importMcpSpec(HELPDESK_SPEC);
    const text = JSON.stringify(HELPDESK_SPEC, null, 2);
    expect(seedRowsRequest(text, importMcpSpec(text))).toEqual(
      seedRowsRequest(HELPDESK_SPEC, base),
    );
    const before = scripted.server().requests.length;
    scripted.server().enqueue(rowsAnswer({}), rowsAnswer({}));
    await writeSeedRowsWithLlm({ llm: scripted.llm(), spec: HELPDESK_SPEC, tokenBudget: 900 });
    await writeSeedRowsWithLlm({ llm: scripted.llm(), spec: text, tokenBudget: 900 });
    const [first, second] = scripted.server().requests.slice(before);
    expect(JSON.stringify(second?.body)).toBe(JSON.stringify(first?.body));
    expect(first?.body).toMatchObject({ max_tokens: 900 });
  });

  const broken: [string, Row[], RegExp][] = [
    [
      "a value outside the enum",
      tickets.map((t, i) => (i === 2 ? { ...t, status: "escalated" } : t)),
      /^row 3, column "status": "escalated" does not fit the tool's schema: .*"open","pending","solved"/,
    ],
    [
      "a duplicate key",
      tickets.map((t, i) => (i === 4 ? { ...t, ticket_id: 4102 } : t)),
      /^rows 2 and 5 have the same key ticket_id = 4102$/,
    ],
    [
      "a missing column",
      tickets.map(({ priority: _dropped, ...t }, i) => (i === 1 ? t : { ...t, priority: "low" })),
      /^row 2 lacks the column "priority"$/,
    ],
    [
      "a column the table does not have",
      tickets.map((t, i) => (i === 0 ? { ...t, customer_tier: "gold" } : t)),
      /^row 1 has "customer_tier", which is not a column$/,
    ],
    [
      "a malformed email",
      tickets.map((t, i) => (i === 3 ? { ...t, requester_email: "tom at acme" } : t)),
      /^row 4, column "requester_email": .*format "email"/,
    ],
    [
      "a number written as text",
      tickets.map((t, i) => (i === 0 ? { ...t, estimate_hours: "2" } : t)),
      /^row 1, column "estimate_hours": "2" is not a whole number$/,
    ],
    [
      "a boolean written as a number",
      tickets.map((t, i) => (i === 1 ? { ...t, vip: 1 } : t)),
      /^row 2, column "vip": 1 is not true or false$/,
    ],
    [
      "a JSON value that breaks its schema",
      tickets.map((t, i) => (i === 2 ? { ...t, tags: ["a", "b", "c", "d", "e", "f"] } : t)),
      /^row 3, column "tags": .* does not fit the tool's schema/,
    ],
    [
      "a null key",
      tickets.map((t, i) => (i === 5 ? { ...t, ticket_id: null } : t)),
      /^row 6, column "ticket_id": a key may not be null$/,
    ],
    [
      "a text far too long",
      tickets.map((t, i) => (i === 0 ? { ...t, subject: "x".repeat(5000) } : t)),
      /^row 1, column "subject": a text of 5000 characters/,
    ],
    [
      "more rows than the cap",
      Array.from({ length: 13 }, (_, i) => ({ ...tickets[i % 6], ticket_id: 5000 + i })),
      /^13 rows; the cap is 12$/,
    ],
    [
      "a key the not-found test needs unused",
      tickets.map((t, i) => (i === 5 ? { ...t, ticket_id: 987654 } : t)),
      /^the test "an unknown ticket is not_found" of get_ticket needs 987654 to be unused/,
    ],
  ];
  for (const [problem, rows, reason] of broken) {
    it(`refuses the table with ${problem}, with the reason, and keeps the other table's rows`, async () => {
      const report = await seedWith({ ticket: rows, agent: agents });
      expect(report.status).toBe("llm");
      expect(report.tables).toEqual([
        {
          table: "ticket",
          rows: SEED_ROWS,
          source: "generated",
          reason: expect.stringMatching(reason),
        },
        { table: "agent", rows: 3, source: "llm" },
      ]);
      expect(Object.keys(report.llmRows)).toEqual(["agent"]);
    });
  }

  it("refuses rows a tool cannot be built on, and the mixed import still passes admission", async () => {
    // No word in the first ticket's texts (its agent_id is linked to an agent key): search_tickets
    // would have no test.
    const blank = {
      subject: null,
      requester_email: null,
      priority: null,
      status: null,
      opened_at: null,
    };
    const numbered = agents.map((a, i) => ({ ...a, agent_id: `u-${1001 + i}` }));
    const report = await seedWith({
      ticket: tickets.map((t, i) => (i === 0 ? { ...t, ...blank } : t)),
      agent: numbered,
    });
    expect(report.tables[0]).toEqual({
      table: "ticket",
      rows: SEED_ROWS,
      source: "generated",
      reason: expect.stringMatching(
        /^with these rows search_tickets could not be built: no searchable text/,
      ),
    });
    const imported = importMcpSpec(HELPDESK_SPEC, { seedRows: report.llmRows });
    expect(imported.report.implemented).toHaveLength(8);
    expect(testOf(imported, "get_agent")?.args).toEqual({ agent_id: "u-1001" });
    expect(failingTests(await admitImport(imported))).toEqual([]);
  });

  it("falls back to the generated rows when the endpoint fails or the answer is not usable JSON", async () => {
    const plain = importMcpSpec(HELPDESK_SPEC);
    const failures: [Parameters<ReturnType<typeof scripted.server>["enqueue"]>[0], RegExp][] = [
      [{ kind: "status", status: 500 }, /^the model could not be asked: .*HTTP 500/],
      [answer("Sure! Here are some realistic tickets for you."), /^the answer is not JSON/],
      [answer('{"rows": [{"ticket_id": 1}]}'), /not of the form \{"tables"/],
    ];
    for (const [response, why] of failures) {
      scripted.server().enqueue(response);
      const report = await writeSeedRowsWithLlm({ llm: scripted.llm(), spec: HELPDESK_SPEC });
      expect(report).toMatchObject({ status: "generated", error: expect.stringMatching(why) });
      expect(report.tables).toEqual([
        { table: "ticket", rows: SEED_ROWS, source: "generated", reason: report.error },
        { table: "agent", rows: SEED_ROWS, source: "generated", reason: report.error },
      ]);
      expect(report.llmRows).toEqual({});
      expect(importMcpSpec(HELPDESK_SPEC, { seedRows: report.llmRows })).toEqual(plain);
    }
  });

  it("does not ask the model when the import has no entity tables", async () => {
    const before = scripted.server().requests.length;
    const spec = {
      tools: [
        {
          name: "get_forecast",
          description: "The weather forecast for a city.",
          inputSchema: {
            type: "object",
            properties: { city: { type: "string" } },
            required: ["city"],
          },
        },
      ],
    };
    const report = await writeSeedRowsWithLlm({ llm: scripted.llm(), spec });
    expect(report).toMatchObject({ status: "generated", tables: [], llmRows: {} });
    expect(scripted.server().requests.length).toBe(before);
  });
});
