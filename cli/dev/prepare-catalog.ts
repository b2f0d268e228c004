// The catalog `npm start` publishes: rebuilt with `npm run catalog:build` when stale, then read
// from `catalog/dist/index.json`.
import { existsSync } from "node:fs";
import { catalogPaths, catalogStaleReason, loadCatalogIndex } from "./catalog-index";
import { fail, step } from "./console";
import type { CatalogEntry } from "./publish-catalog";
import { runProcess } from "./run-process";

/** Built catalog entries; [] when there is no catalog yet; null when the build failed. */
export async function prepareCatalog(root: string): Promise<CatalogEntry[] | null> {
  const paths = catalogPaths(root);
  const reason = catalogStaleReason(paths.dir, paths.index);
  if (reason !== undefined) {
    if (!existsSync(paths.build)) {
      step(`no catalog to publish yet (${reason}, and catalog/build.ts does not exist)`);
      return [];
    }
    step(`building the catalog: ${reason}…`);
    const end = await runProcess("npm", ["run", "--silent", "catalog:build"], {
      cwd: root,
      prefix: "[catalog] ",
    });
    if (end.code !== 0) {
      fail(
        "the catalog build failed (output above). Fix it, or skip it: npm start -- --no-publish",
      );
      return null;
    }
  }
  try {
    return loadCatalogIndex(paths.index);
  } catch (err) {
    fail(`cannot read ${paths.index}: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}
