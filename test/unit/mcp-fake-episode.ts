// An in-memory EpisodePort for the MCP and OpenEnv unit tests: a few tools, a step counter with a
// limit, a digest that changes on writes, and the AppErrors the real port throws (an unknown tool
// names itself in `details.tool`; a missing episode does not). Not a test file: imported by them.

import { AppError } from "../../core/base/errors";
import type { Json } from "../../core/base/json";
import type {
  EpisodeInfo,
  EpisodePort,
  EpisodeToolDescription,
} from "../../core/episode/episode-port";
import type { ToolCallResult } from "../../core/episode/tool-call";

export const FAKE_TOOLS: EpisodeToolDescription[] = [
  {
    name: "search_tracks",
    description: "Find tracks whose name contains the query.",
    inputSchema: {
      type: "object",
      properties: { query: { type: "string" } },
      required: ["query"],
      additionalProperties: false,
    },
    outputSchema: { type: "array", items: { type: "object" } },
    effect: "read",
  },
  {
    name: "get_customer",
    description: "One customer by id.",
    inputSchema: {
      type: "object",
      properties: { id: { type: "integer" } },
      required: ["id"],
    },
    effect: "read",
  },
  {
    name: "create_playlist",
    description: "Create a playlist.",
    inputSchema: {
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
    },
    outputSchema: {
      type: "object",
      properties: { playlistId: { type: "integer" }, name: { type: "string" } },
      required: ["playlistId", "name"],
    },
    effect: "write",
  },
];

export interface FakeEpisodeOptions {
  maxSteps?: number;
  missing?: boolean;
}

export interface FakeCall {
  tool: string;
  args: unknown;
  idempotencyKey?: string;
}

export class FakeEpisode implements EpisodePort {
  step = 0;
  expired = false;
  playlists: string[] = [];
  readonly calls: FakeCall[] = [];
  readonly maxSteps: number;
  readonly missing: boolean;

  constructor(
    readonly id = "ep_fake0000000000000000000000",
    options: FakeEpisodeOptions = {},
  ) {
    this.maxSteps = options.maxSteps ?? 10;
    this.missing = options.missing ?? false;
  }

  async info(): Promise<EpisodeInfo> {
    this.guard();
    return {
      id: this.id,
      environment: { name: "chinook", version: "1.0.0", contentHash: "c0ffee" },
      seed: "seed-1",
      status: "active",
      createdAt: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-01-01T01:00:00.000Z",
      step: this.step,
      maxSteps: this.maxSteps,
      clock: "2025-01-01T00:00:00.000Z",
      tables: 2,
      rows: 10 + this.playlists.length,
    };
  }

  async listTools(): Promise<EpisodeToolDescription[]> {
    this.guard();
    return FAKE_TOOLS;
  }

  async callTool(
    tool: string,
    args: unknown,
    options: { idempotencyKey?: string } = {},
  ): Promise<ToolCallResult> {
    this.guard();
    this.calls.push({ tool, args, ...options });
    if (this.step >= this.maxSteps) {
      throw new AppError(
        "step_limit_reached",
        `The episode reached its limit of ${this.maxSteps} steps.`,
        {
          maxSteps: this.maxSteps,
        },
      );
    }
    this.step += 1;
    const def = FAKE_TOOLS.find((t) => t.name === tool);
    if (!def) {
      throw new AppError("not_found", `This environment has no tool named "${tool}".`, {
        tool,
        available: FAKE_TOOLS.map((t) => t.name),
      });
    }
    const missing = requiredMissing(def, args);
    if (missing) {
      throw new AppError(
        "invalid_arguments",
        `The arguments for "${tool}" do not match its input schema.`,
        {
          errors: [{ path: `/${missing}`, message: "is required" }],
        },
      );
    }
    return this.run(tool, args as Record<string, Json>);
  }

  async state() {
    this.guard();
    const digest = `digest-${this.playlists.length}`;
    return { digest, tables: { Playlist: { rows: this.playlists.length, digest } } };
  }

  async reset(): Promise<EpisodeInfo> {
    this.guard();
    this.step = 0;
    this.playlists = [];
    return this.info();
  }

  private run(tool: string, args: Record<string, Json>): ToolCallResult {
    const base = {
      episodeId: this.id,
      step: this.step,
      tool,
      fuel: 100 + this.step,
      durationMs: 0.5,
      at: `2025-01-01T00:00:0${this.step % 10}.000Z`,
      replayed: false,
    };
    if (tool === "search_tracks") {
      return { ...base, ok: true, result: [{ trackId: 1, name: `Love ${String(args.query)}` }] };
    }
    if (tool === "get_customer") {
      if (args.id === 1) return { ...base, ok: true, result: { customerId: 1, name: "Luís" } };
      return {
        ...base,
        ok: false,
        error: { code: "not_found", message: `No customer ${String(args.id)}.` },
      };
    }
    this.playlists.push(String(args.name));
    return {
      ...base,
      ok: true,
      result: { playlistId: this.playlists.length, name: String(args.name) },
    };
  }

  private guard(): void {
    if (this.missing) throw new AppError("not_found", "No such episode.");
    if (this.expired) throw new AppError("episode_expired", "This episode has expired.");
  }
}

function requiredMissing(def: EpisodeToolDescription, args: unknown): string | null {
  const required = def.inputSchema.required;
  if (!Array.isArray(required)) return null;
  const given = typeof args === "object" && args !== null ? args : {};
  for (const key of required) {
    if (typeof key === "string" && !(key in given)) return key;
  }
  return null;
}
