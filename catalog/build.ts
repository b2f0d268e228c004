// `npm run catalog:build`: builds every catalog entry into `catalog/dist/<name>.json` and lists
// them in `catalog/dist/index.json`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildEnvironment } from "./build-environment";
import { catalogEntries } from "./entries";

const dist = join(dirname(fileURLToPath(import.meta.url)), "dist");

async function main(): Promise<void> {
  const started = performance.now();
  mkdirSync(dist, { recursive: true });
  const index = [];
  for (const entry of catalogEntries) {
    const spec = await buildEnvironment(entry);
    const file = `${spec.name}.json`;
    writeFileSync(join(dist, file), JSON.stringify(spec));
    index.push({
      name: spec.name,
      version: spec.version,
      title: spec.title,
      file,
      tools: spec.tools.length,
    });
    console.log(
      `built ${spec.name}@${spec.version}: ${spec.tools.length} tools -> catalog/dist/${file}`,
    );
  }
  writeFileSync(join(dist, "index.json"), `${JSON.stringify({ environments: index }, null, 2)}\n`);
  console.log(
    `catalog: ${index.length} environment(s) in ${Math.round(performance.now() - started)} ms`,
  );
}

await main();
