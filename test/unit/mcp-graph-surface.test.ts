// The knowledge-graph surface (core/surfaces/memory-graph/surface.ts) on the real
// @modelcontextprotocol/server-memory spec: all nine tools admitted in the QuickJS sandbox with
// tests no stand-in passes, byte-identical imports, a realistic seeded graph, and the tools
// behaving like the real KnowledgeGraphManager call after call; look-alike servers are
// recognised, and no tool of the other shared specs is claimed.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { graphSurface } from "../../core/surfaces/memory-graph/surface";
import { GRAPH_LIMITS } from "../../core/surfaces/memory-graph/tools";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import { otherSpecClaims, wholeSurfaceProblems } from "../support/mcp-surface-checks";

const specs = new URL("../../catalog/mcp/specs/", import.meta.url);
const memoryText = readFileSync(new URL("memory.json", specs), "utf8");
const memory = JSON.parse(memoryText) as {
  tools: { name: string; inputSchema: Json; outputSchema?: Json }[];
};
const imported = importMcpSpec(memoryText);

interface Graph {
  entities: { name: string; entityType: string; observations: string[] }[];
  relations: { from: string; to: string; relationType: string }[];
}
const asGraph = (result: Json) => result as unknown as Graph;
const names = (graph: Graph) => graph.entities.map((e) => e.name);

describe("the memory spec", () => {
  it("implements all 9 tools with the server's names, schemas and output schemas, and admits them", async () => {
    const { tools } = imported;
    expect(wholeSurfaceProblems(memoryText, imported, "graph")).toEqual([]);
    for (const tool of tools) {
      const original = memory.tools.find((t) => t.name === tool.name);
      expect(tool.outputSchema).toEqual(original?.outputSchema);
    }
    expect(tools.filter((t) => t.effect === "read").map((t) => t.name)).toEqual([
      "read_graph",
      "search_nodes",
      "open_nodes",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(9);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(memoryText))).toBe(JSON.stringify(imported));
  });

  it("seeds a connected graph of people, organizations and projects", () => {
    const tables = Object.fromEntries(imported.report.tables.map((t) => [t.name, t.rows]));
    expect(tables).toEqual({ graph_entities: 20, graph_observations: 51, graph_relations: 34 });
    const entities = imported.seed.tables.graph_entities?.rows ?? [];
    const types = new Set(entities.map((r) => r[1]));
    expect([...types].sort()).toEqual([
      "event",
      "location",
      "organization",
      "person",
      "project",
      "technology",
    ]);
    const known = new Set(entities.map((r) => r[0]));
    const relations = imported.seed.tables.graph_relations?.rows ?? [];
    expect(relations.every((r) => known.has(r[0]) && known.has(r[1]))).toBe(true);
    const touched = new Set(relations.flatMap((r) => [r[0], r[1]]));
    expect([...known].filter((n) => !touched.has(n))).toEqual([]);
  });
});

describe("the memory tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  it("creates entities and relations, finds them, and deleting an entity removes its relations", () => {
    const created = episode.ok("create_entities", {
      entities: [
        { name: "Nadia Petrova", entityType: "person", observations: ["Battery engineer"] },
        { name: "Voltera Batteries", entityType: "organization", observations: ["Duplicate"] },
        { name: "Project Compass", entityType: "project", observations: [] },
      ],
    });
    expect(created).toEqual({
      entities: [
        { name: "Nadia Petrova", entityType: "person", observations: ["Battery engineer"] },
        { name: "Project Compass", entityType: "project", observations: [] },
      ],
    });
    expect(
      episode.ok("create_relations", {
        relations: [
          { from: "Nadia Petrova", to: "Voltera Batteries", relationType: "works_at" },
          { from: "Nadia Petrova", to: "Project Compass", relationType: "leads" },
          { from: "Helios Robotics", to: "Project Compass", relationType: "develops" },
          { from: "Helios Robotics", to: "Project Atlas", relationType: "develops" },
        ],
      }),
    ).toEqual({
      relations: [
        { from: "Nadia Petrova", to: "Voltera Batteries", relationType: "works_at" },
        { from: "Nadia Petrova", to: "Project Compass", relationType: "leads" },
        { from: "Helios Robotics", to: "Project Compass", relationType: "develops" },
      ],
    });
    const found = asGraph(episode.ok("search_nodes", { query: "BATTERY" }));
    expect(names(found)).toEqual(["Voltera Batteries", "Nadia Petrova"]);
    expect(found.relations).toEqual([
      { from: "Nadia Petrova", to: "Voltera Batteries", relationType: "works_at" },
    ]);
    const opened = asGraph(
      episode.ok("open_nodes", { names: ["Project Compass", "Nadia Petrova", "Helios Robotics"] }),
    );
    expect(names(opened)).toEqual(["Helios Robotics", "Nadia Petrova", "Project Compass"]);
    expect(opened.relations).toEqual([
      { from: "Nadia Petrova", to: "Project Compass", relationType: "leads" },
      { from: "Helios Robotics", to: "Project Compass", relationType: "develops" },
    ]);
    expect(episode.ok("delete_entities", { entityNames: ["Project Compass"] })).toEqual({
      success: true,
      message: "Entities deleted successfully",
    });
    const graph = asGraph(episode.ok("read_graph"));
    expect(names(graph)).not.toContain("Project Compass");
    expect(
      graph.relations.some((r) => r.from === "Project Compass" || r.to === "Project Compass"),
    ).toBe(false);
    expect(graph.relations).toHaveLength(34 + 1);
    expect(graph.entities.at(-1)).toEqual({
      name: "Nadia Petrova",
      entityType: "person",
      observations: ["Battery engineer"],
    });
    expect(
      episode.rows("graph_observations").filter((r) => r.entity === "Project Compass"),
    ).toEqual([]);
  });

  it("adds only new observations, in order, and fails as a whole for a missing entity", () => {
    expect(
      episode.ok("add_observations", {
        observations: [
          {
            entityName: "Seattle",
            contents: ["Rainy from October to May", "Home of the Helios Robotics headquarters"],
          },
          {
            entityName: "Seattle",
            contents: ["Home of the Helios Robotics headquarters", "Hilly"],
          },
        ],
      }),
    ).toEqual({
      results: [
        { entityName: "Seattle", addedObservations: ["Home of the Helios Robotics headquarters"] },
        { entityName: "Seattle", addedObservations: ["Hilly"] },
      ],
    });
    const before = episode.rows("graph_observations");
    expect(
      episode.fails("add_observations", {
        observations: [
          { entityName: "Seattle", contents: ["Hosts the 2026 World Cup matches"] },
          { entityName: "Portland", contents: ["Also rainy"] },
        ],
      }),
    ).toBe("not_found");
    expect(episode.rows("graph_observations")).toEqual(before);
    const seattle = asGraph(episode.ok("open_nodes", { names: ["Seattle"] })).entities[0];
    expect(seattle?.observations).toEqual([
      "City in Washington state, USA",
      "Rainy from October to May",
      "Home of the Helios Robotics headquarters",
      "Hilly",
    ]);
  });

  it("deletes observations and relations silently, ignoring what is not there", () => {
    expect(
      episode.ok("delete_observations", {
        deletions: [
          { entityName: "Maya Chen", observations: ["Speaks Mandarin and English", "Never said"] },
          { entityName: "Nobody", observations: ["Anything"] },
        ],
      }),
    ).toEqual({ success: true, message: "Observations deleted successfully" });
    expect(
      episode.ok("delete_relations", {
        relations: [
          { from: "Maya Chen", to: "Seattle", relationType: "lives_in" },
          { from: "Maya Chen", to: "Seattle", relationType: "visits" },
        ],
      }),
    ).toEqual({ success: true, message: "Relations deleted successfully" });
    const maya = asGraph(episode.ok("open_nodes", { names: ["Maya Chen", "Seattle"] }));
    expect(maya.entities[0]?.observations).not.toContain("Speaks Mandarin and English");
    expect(maya.entities[0]?.observations).toHaveLength(3);
    expect(maya.relations).toEqual([]);
    expect(episode.rows("graph_relations")).toHaveLength(33);
  });

  it("refuses relations to missing entities without writing any of the batch", () => {
    const code = episode.fails("create_relations", {
      relations: [
        { from: "Maya Chen", to: "Laura Kim", relationType: "admires" },
        { from: "Maya Chen", to: "Grace Hopper", relationType: "admires" },
      ],
    });
    expect(code).toBe("not_found");
    expect(episode.rows("graph_relations")).toHaveLength(34);
  });

  it("searches names, types and observations without regard to case, accents included", () => {
    expect(names(asGraph(episode.ok("search_nodes", { query: "TOMÁS" })))).toEqual([
      "Tomás García",
    ]);
    const events = asGraph(episode.ok("search_nodes", { query: "Event" }));
    expect(names(events)).toEqual(["Series B", "RoboBusiness 2024"]);
    expect(events.relations).toEqual([]);
    expect(asGraph(episode.ok("search_nodes", { query: "" })).entities).toHaveLength(20);
  });

  it("refuses bad input with clear codes and writes nothing", () => {
    expect(episode.fails("create_entities", { entities: [{ name: "No type" }] })).toBe(
      "invalid_arguments",
    );
    const long = "x".repeat(GRAPH_LIMITS.maxChars + 1);
    expect(
      episode.fails("create_entities", {
        entities: [{ name: "Long", entityType: "note", observations: [long] }],
      }),
    ).toBe("invalid_argument");
    const many = Array.from({ length: GRAPH_LIMITS.maxItems + 1 }, (_, i) => `Name ${i}`);
    expect(episode.fails("delete_entities", { entityNames: many })).toBe("invalid_argument");
    expect(episode.fails("open_nodes", { names: "Maya Chen" })).toBe("invalid_arguments");
    expect(episode.rows("graph_entities")).toHaveLength(20);
  });

  it("stays cheap on the largest batch it accepts", () => {
    const entities = Array.from({ length: GRAPH_LIMITS.maxItems }, (_, i) => ({
      name: `Contact ${i}`,
      entityType: "person",
      observations: Array.from({ length: 10 }, (_, j) => `Fact ${j} about contact ${i}`),
    }));
    const created = episode.ok("create_entities", { entities }) as { entities: unknown[] };
    expect(created.entities).toHaveLength(GRAPH_LIMITS.maxItems);
    episode.ok("read_graph");
    expect(Math.max(...episode.fuel)).toBeLessThan(1000);
  });
});

describe("recognising a knowledge-graph server", () => {
  const tool = (name: string, properties: Record<string, Json>, required: string[]) => ({
    name,
    description: name,
    inputSchema: { type: "object", properties, required },
  });
  const text = { type: "string" };
  const texts = { type: "array", items: text };
  const entityItem = {
    type: "object",
    properties: { name: text, entityType: text, observations: texts },
    required: ["name", "entityType", "observations"],
  };
  const relationItem = {
    type: "object",
    properties: { from: text, to: text, relationType: text },
    required: ["from", "to", "relationType"],
  };

  it("recognises other names for the same operations, and reports a tool whose arguments do not fit", async () => {
    const spec = {
      serverInfo: { name: "team-memory", version: "2.0.0" },
      tools: [
        tool("memory_add_nodes", { nodes: { type: "array", items: entityItem } }, ["nodes"]),
        tool("memory_link", { links: { type: "array", items: relationItem } }, ["links"]),
        tool("memory_add_edges", { edges: { type: "array", items: relationItem } }, ["edges"]),
        tool("memory_search", { text }, ["text"]),
        tool("memory_remove_nodes", { names: texts, force: { type: "boolean" } }, ["names"]),
        tool("create_note", { title: text }, ["title"]),
      ],
    };
    const { report } = importMcpSpec(spec);
    const graph = report.implemented.filter((t) => t.surface === "graph");
    expect(graph.map((t) => [t.tool, t.verb])).toEqual([
      ["memory_add_nodes", "create"],
      ["memory_add_edges", "create"],
      ["memory_search", "search"],
    ]);
    expect(report.leftOut.find((t) => t.tool === "memory_remove_nodes")?.reason).toMatch(
      /delete entities.*exactly one argument/,
    );
    expect(report.implemented.find((t) => t.tool === "create_note")?.surface).toBeUndefined();
    const imported = importMcpSpec(spec);
    expect(failingTests(await admitImport(imported))).toEqual([]);
    const episode = await openEpisode(imported);
    try {
      episode.ok("memory_add_nodes", {
        nodes: [{ name: "Ada", entityType: "person", observations: ["Writes notes"] }],
      });
      const found = asGraph(episode.ok("memory_search", { text: "writes NOTES" }));
      expect(names(found)).toEqual(["Ada"]);
    } finally {
      episode.close();
    }
  });

  it("leaves servers that do not both create entities and relations alone", () => {
    const { report } = importMcpSpec({
      tools: [
        tool("create_entities", { entities: { type: "array", items: entityItem } }, ["entities"]),
        tool("search_nodes", { query: text }, ["query"]),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "graph")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(graphSurface, ["memory"])).toEqual([]);
  });
});
