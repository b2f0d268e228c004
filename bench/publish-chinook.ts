// Puts the Chinook reference environment in the platform's catalog, as `npm start` does: the
// catalog is rebuilt when stale, then published through the API (its tool tests run on admission).
import { fail } from "../cli/dev/console";
import { prepareCatalog } from "../cli/dev/prepare-catalog";
import { type CatalogEntry, outcomeLines, publishCatalog } from "../cli/dev/publish-catalog";

export const ENVIRONMENT = "chinook";
const PUBLISH_TIMEOUT_MS = 120_000;

/** The entry published (its `file` is the spec the floor loads too). */
export async function publishChinook(
  root: string,
  baseUrl: string,
  adminKey: string,
): Promise<CatalogEntry & { file: string }> {
  const entries = await prepareCatalog(root);
  const entry = entries?.find((e) => e.name === ENVIRONMENT);
  if (entry === undefined || !("file" in entry)) {
    fail("catalog/dist has no chinook environment (npm run catalog:build)");
    throw new Error(`no ${ENVIRONMENT} in the built catalog`);
  }
  const [outcome] = await publishCatalog(baseUrl, adminKey, [entry], {
    fetch: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS) }),
  });
  if (outcome === undefined || outcome.status === "failed") {
    throw new Error(
      `publishing ${ENVIRONMENT} failed:\n${outcome ? outcomeLines(outcome).join("\n") : ""}`,
    );
  }
  return entry;
}
