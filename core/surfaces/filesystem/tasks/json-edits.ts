// Templates over JSON and .env files, each a graph chain whose write depends on what the read
// found: set a field of a named record in a JSON list (products.json), copy a setting into a new
// file (the version from package.json), and bump a package's version.
import type { Json } from "../../../base/json";
import { humanize, singular } from "../../../tasks/phrasing/words";
import { lit } from "../../../tasks/programs/program-code";
import { makeDirectory, replaceOnce, textCall, writeFile } from "./program-code";
import { type FsCandidate, type FsTemplate, fsDraft, quoted, toolList } from "./template";
import type { FsFile } from "./tree";

type JsonRecord = { [key: string]: Json };

const isRecord = (v: Json | undefined): v is JsonRecord =>
  v !== null && typeof v === "object" && !Array.isArray(v);

function parsed(file: FsFile): Json | undefined {
  if (file.ext !== ".json" || file.text === undefined) return undefined;
  try {
    return JSON.parse(file.text) as Json;
  } catch {
    return undefined;
  }
}

/** A JSON file that reads back byte for byte as `JSON.stringify(doc, null, 2)` plus a newline. */
function canonical(file: FsFile): Json | undefined {
  const doc = parsed(file);
  return doc !== undefined && `${JSON.stringify(doc, null, 2)}\n` === file.text ? doc : undefined;
}

/** "In /projects/data/products.json, set the stock of the product "Enamel Kettle" to 40." */
export const jsonSetField: FsTemplate = {
  name: "json-set-field",
  kind: "graph",
  writes: true,
  candidates({ lens, tree }) {
    if (!lens.write) return [];
    return tree.files.flatMap((file) => {
      const doc = canonical(file);
      const lists: [string | undefined, Json][] = Array.isArray(doc)
        ? [[undefined, doc]]
        : isRecord(doc)
          ? Object.entries(doc)
          : [];
      return lists.flatMap(([key, list]) => {
        if (!Array.isArray(list) || list.length < 3 || !list.every(isRecord)) return [];
        const records = list as JsonRecord[];
        const fields = Object.keys(records[0] ?? {});
        const distinct = (f: string) => new Set(records.map((r) => r[f])).size === records.length;
        const strings = fields.filter((f) => records.every((r) => typeof r[f] === "string"));
        const label =
          strings.find((f) => /name|title/i.test(f) && distinct(f)) ?? strings.find(distinct);
        if (!label) return [];
        const entity = singular(key ?? file.name.slice(0, -file.ext.length));
        const listCode = key === undefined ? "doc" : `doc[${lit(key)}]`;
        return records.flatMap((record) =>
          fields
            .filter((f) => records.every((r) => typeof r[f] === "number"))
            .flatMap((field) =>
              [...new Set(records.map((r) => r[field] as number))]
                .filter((v) => v !== record[field])
                .map(
                  (value): FsCandidate => ({
                    key: `json-set:${file.path}:${record[label]}:${field}:${value}`,
                    render: () =>
                      fsDraft(
                        "graph",
                        `In ${file.path}, set the ${humanize(field)} of the ${entity} ${quoted(String(record[label]))} to ${value}.`,
                        [
                          `const path = ${lit(file.path)};`,
                          `const doc = JSON.parse(${textCall(lens.read_text, { path: "path" })});`,
                          `const record = ${listCode}.find((item) => item[${lit(label)}] === ${lit(String(record[label]))});`,
                          `record[${lit(field)}] = ${value};`,
                          writeFile(lens, "path", 'JSON.stringify(doc, null, 2) + "\\n"'),
                          "return null;",
                        ],
                        {
                          hidden: [record[field] ?? null],
                          tools: toolList(lens.read_text, lens.write),
                        },
                        { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
                      ),
                  }),
                ),
            ),
        );
      });
    });
  },
};

interface Setting {
  file: FsFile;
  words: string;
  slug: string;
  value: string;
  /** Code evaluating to the setting's value from `text`, the file's content. */
  code: string;
}

const SETTING_VALUE = /^[^\n"`]{1,80}$/;

function settings(file: FsFile): Setting[] {
  const doc = parsed(file);
  const slugOf = (key: string) => humanize(key).replace(/ /g, "-");
  if (isRecord(doc)) {
    const plain = (key: string) =>
      /^[a-z]+$/.test(key) ? `the ${key}` : `the value of ${quoted(key)}`;
    return Object.entries(doc).flatMap(([key, value]): Setting[] => {
      if (typeof value === "string" || typeof value === "number") {
        return [
          {
            file,
            words: plain(key),
            slug: slugOf(key),
            value: String(value),
            code: `String(JSON.parse(text)[${lit(key)}])`,
          },
        ];
      }
      if (!isRecord(value)) return [];
      return Object.entries(value).flatMap(([inner, v]): Setting[] =>
        typeof v === "string" || typeof v === "number"
          ? [
              {
                file,
                words: `the value of ${quoted(inner)} under ${quoted(key)}`,
                slug: slugOf(inner),
                value: String(v),
                code: `String(JSON.parse(text)[${lit(key)}][${lit(inner)}])`,
              },
            ]
          : [],
      );
    });
  }
  if (!file.name.startsWith(".env") || file.text === undefined) return [];
  return file.text.split("\n").flatMap((line): Setting[] => {
    const m = /^([A-Z][A-Z0-9_]*)=(.+)$/.exec(line);
    if (!m?.[1] || !m[2]) return [];
    const prefix = `${m[1]}=`;
    return [
      {
        file,
        words: `the value of ${m[1]}`,
        slug: m[1].toLowerCase().replace(/_/g, "-"),
        value: m[2],
        code: `text.split("\\n").find((line) => line.startsWith(${lit(prefix)})).slice(${prefix.length})`,
      },
    ];
  });
}

/** "Create /projects/notes/version.txt containing only the version from /projects/package.json." */
export const copySetting: FsTemplate = {
  name: "copy-setting",
  kind: "graph",
  writes: true,
  candidates({ lens, tree }) {
    if (!lens.write) return [];
    const taken = new Set(tree.files.map((f) => f.path));
    return tree.files.flatMap((file) =>
      settings(file)
        .filter((s) => SETTING_VALUE.test(s.value) && s.value.trim() === s.value)
        .flatMap((setting) =>
          [...new Set([file.dir, tree.root, `${tree.root}/notes`])].flatMap(
            (folder): FsCandidate[] => {
              const target = `${folder}/${setting.slug}.txt`;
              const fresh = !tree.dirs.includes(folder);
              if (taken.has(target) || (fresh && !lens.mkdir)) return [];
              return [
                {
                  key: `copy:${file.path}:${setting.words}:${target}`,
                  render: () =>
                    fsDraft(
                      "graph",
                      `Create ${target}${fresh ? " (the folder is new)" : ""} containing only ${setting.words} from ${file.path}, with no newline at the end.`,
                      [
                        `const text = ${textCall(lens.read_text, { path: lit(file.path) })};`,
                        `const value = ${setting.code};`,
                        ...(fresh ? [makeDirectory(lens, folder)] : []),
                        writeFile(lens, lit(target), "value"),
                        "return null;",
                      ],
                      {
                        hidden: [setting.value],
                        tools: toolList(lens.read_text, fresh ? lens.mkdir : undefined, lens.write),
                      },
                      { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
                    ),
                },
              ];
            },
          ),
        ),
    );
  },
};

const BUMPS = {
  patch: { words: "raise the patch number by one", next: "[major, minor, patch + 1]" },
  minor: {
    words: "raise the minor number by one and reset the patch number to 0",
    next: "[major, minor + 1, 0]",
  },
  major: {
    words: "raise the major number by one and reset the minor and patch numbers to 0",
    next: "[major + 1, 0, 0]",
  },
} as const;

/** "Bump the minor version in /projects/package.json: raise the minor number by one ..." */
export const bumpVersion: FsTemplate = {
  name: "bump-version",
  kind: "graph",
  writes: true,
  candidates({ lens, tree }) {
    if (!lens.edit && !lens.write) return [];
    return tree.files.flatMap((file) => {
      const doc = parsed(file);
      const version = isRecord(doc) ? doc.version : undefined;
      if (typeof version !== "string" || !/^\d+\.\d+\.\d+$/.test(version)) return [];
      if (file.text?.split(`"version": "${version}"`).length !== 2) return [];
      return Object.entries(BUMPS).map(
        ([part, bump]): FsCandidate => ({
          key: `bump:${file.path}:${part}`,
          render: () =>
            fsDraft(
              "graph",
              `Bump the ${part} version in ${file.path}: ${bump.words}.`,
              [
                `const path = ${lit(file.path)};`,
                `const text = ${textCall(lens.read_text, { path: "path" })};`,
                "const current = JSON.parse(text).version;",
                'const [major, minor, patch] = current.split(".").map(Number);',
                `const next = ${bump.next}.join(".");`,
                replaceOnce(
                  lens,
                  "path",
                  "text",
                  `'"version": "' + current + '"'`,
                  `'"version": "' + next + '"'`,
                ),
                "return null;",
              ],
              { hidden: [version], tools: toolList(lens.read_text, lens.edit ?? lens.write) },
              { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
            ),
        }),
      );
    });
  },
};
