// What `npm start` prints once the platform is up: where it is, where the key is, what to try.
import type { PublishOutcome } from "./publish-catalog";

export interface BannerInput {
  baseUrl: string;
  devVarsPath: string;
  defaultUrl: boolean;
  persistDir: string;
  outcomes?: readonly PublishOutcome[];
}

export function readyBanner(input: BannerInput): string {
  const { baseUrl, devVarsPath, outcomes } = input;
  const example = outcomes?.find((o) => o.status !== "failed")?.name ?? "<environment>";
  const keyFromFile = `$(sed -n 's/^AGENT_WORLD_ADMIN_KEY=//p' ${shellQuote(devVarsPath)})`;
  const cli = input.defaultUrl ? "npx agent-world" : `AGENT_WORLD_URL=${baseUrl} npx agent-world`;
  const rule = "─".repeat(72);
  return [
    rule,
    `Agent World is ready at ${baseUrl}`,
    `  API docs    ${baseUrl}/v1/docs`,
    `  catalog     ${catalogSummary(outcomes)}`,
    `  admin key   AGENT_WORLD_ADMIN_KEY in ${devVarsPath}`,
    `  local data  ${input.persistDir} (kept across restarts)`,
    "",
    "Try:",
    `  ${cli} env list`,
    `  curl -s ${baseUrl}/v1/environments`,
    `  curl -s -X POST ${baseUrl}/v1/episodes \\`,
    `    -H "Authorization: Bearer ${keyFromFile}" \\`,
    `    -H "Content-Type: application/json" -d '{"environment":"${example}"}'`,
    "",
    "Ctrl-C stops the server.",
    rule,
  ].join("\n");
}

function catalogSummary(outcomes: readonly PublishOutcome[] | undefined): string {
  if (outcomes === undefined) return "not published (--no-publish)";
  const count = (status: PublishOutcome["status"]) =>
    outcomes.filter((o) => o.status === status).length;
  const failed = count("failed");
  const live = outcomes.length - failed;
  return `${live} environment${live === 1 ? "" : "s"} (${count("created")} new)${failed ? `, ${failed} FAILED (see above)` : ""}`;
}

function shellQuote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
