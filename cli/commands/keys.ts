// `agent-world keys ...`: API key administration (needs the admin scope).
import { ApiKey, ApiKeyList, CreatedApiKey } from "../api-schemas";
import {
  type Command,
  type CommandGroup,
  flagOption,
  JSON_OPTION,
  positional,
  stringOption,
  UsageError,
} from "../command";
import { apiPath } from "../http-client";
import { fields, printJson, table } from "../output";

const SCOPES = ["episodes", "catalog:write", "admin"];

const keysCreate: Command = {
  name: "create",
  summary: "Create an API key; the key is printed once",
  args: "<name>",
  arity: { min: 1, max: 1 },
  options: {
    scopes: { type: "string", value: "LIST", description: `comma-separated: ${SCOPES.join(", ")}` },
    json: JSON_OPTION,
  },
  notes: ["example: agent-world keys create trainer-1 --scopes episodes,catalog:write"],
  async run(input, { client, out }) {
    const scopes = parseScopes(stringOption(input, "scopes"));
    const created = await client.request(CreatedApiKey, "POST", "/v1/admin/keys", {
      body: { name: positional(input, 0), scopes },
    });
    if (flagOption(input, "json")) {
      printJson(out, created);
      return 0;
    }
    out.print(
      fields([
        ["id", created.id],
        ["name", created.name],
        ["scopes", created.scopes.join(",")],
        ["key", created.key],
      ]),
    );
    out.error("\nStore the key now: it is not shown again. Use it as AGENT_WORLD_API_KEY.");
    return 0;
  },
};

const keysList: Command = {
  name: "list",
  summary: "List API keys (never their secrets)",
  args: "",
  arity: { min: 0, max: 0 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const { keys } = await client.request(ApiKeyList, "GET", "/v1/admin/keys");
    if (flagOption(input, "json")) {
      printJson(out, { keys });
      return 0;
    }
    if (keys.length === 0) {
      out.print("no API keys yet (the bootstrap admin key from .dev.vars is not listed)");
      return 0;
    }
    const rows = keys.map((k) => [
      k.id,
      k.name,
      k.scopes.join(","),
      k.createdAt,
      k.lastUsedAt ?? "never",
      k.revokedAt ? `revoked ${k.revokedAt}` : "active",
    ]);
    out.print(table(["ID", "NAME", "SCOPES", "CREATED", "LAST USED", "STATUS"], rows));
    return 0;
  },
};

const keysRevoke: Command = {
  name: "revoke",
  summary: "Revoke an API key (idempotent)",
  args: "<id>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const key = await client.request(
      ApiKey,
      "DELETE",
      apiPath`/v1/admin/keys/${positional(input, 0)}`,
    );
    if (flagOption(input, "json")) printJson(out, key);
    else out.print(`revoked ${key.id} (${key.name}) at ${key.revokedAt ?? "?"}`);
    return 0;
  },
};

function parseScopes(text: string | undefined): string[] {
  if (text === undefined) throw new UsageError(`--scopes is required (${SCOPES.join(", ")})`);
  const scopes = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const unknown = scopes.filter((s) => !SCOPES.includes(s));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `unknown scope ${unknown.join(", ") || "(none given)"}: use ${SCOPES.join(", ")}`,
    );
  }
  return scopes;
}

export const keysGroup: CommandGroup = {
  name: "keys",
  summary: "Create, list and revoke API keys (needs an admin key)",
  commands: [keysCreate, keysList, keysRevoke],
};
