// Unit tests for the REST GET tool, computed from the seed documents: a list answers the seeded
// ids (as JSON and as a TOON table spelled out cell by cell), a document comes back whole, a
// nested list its children, a JQL search the issues a filter over the seed finds, a text search
// the matching users; unknown paths and documents are not_found, bad jq or JQL and a body on GET
// are invalid_argument.
import type { ToolTest } from "../../environment/spec";
import { isJsonObject } from "../../mcp/spec-schema";
import type { CollectionConfig } from "./config";
import type { SeedDoc } from "./profile";
import { holder, json, type Seed, scalarPaths, toonCell } from "./test-kit";

export function getTests(seed: Seed): ToolTest[] {
  const { config } = seed;
  const tests: ToolTest[] = [];
  const listed = config.collections
    .filter((c) => c.parent === null && !c.documentPath.endsWith("/{id}") && seed.of(c).length > 1)
    .sort((a, b) => Number(b.name === "project") - Number(a.name === "project"))[0];
  if (listed) {
    const docs = seed.of(listed, "").slice(0, config.pageSize);
    tests.push({
      name: `lists ${listed.listKey}`,
      args: { path: listed.collectionPath, ...json, jq: `[*].${listed.identity}` },
      expect: { result: docs.map((d) => d.doc[listed.identity] ?? null), match: "exact" },
    });
    const fields = [...new Set([...listed.lookup.filter((k) => k !== "id"), listed.identity])]
      .filter((k) => docs.every((d) => typeof d.doc[k] === "string"))
      .slice(0, 2);
    const table = [
      `[${docs.length}]{${fields.join(",")}}:`,
      ...docs.map((d) => `  ${fields.map((k) => toonCell(d.doc[k] ?? null)).join(",")}`),
    ].join("\n");
    tests.push({
      name: `lists ${listed.listKey} as a TOON table`,
      args: {
        path: listed.collectionPath,
        jq: `[*].{${fields.map((k) => `${k}: ${k}`).join(", ")}}`,
      },
      expect: { result: table, match: "exact" },
    });
  }
  const keyed =
    config.collections.find(
      (c) => c.parent === null && c.keyed && c.envelope && seed.of(c).length > 0,
    ) ??
    config.collections.find(
      (c) => c.parent === null && !c.documentPath.endsWith("/{id}") && seed.of(c).length > 0,
    );
  const one = keyed && seed.of(keyed)[0];
  if (keyed && one) {
    tests.push({
      name: `gets ${keyed.label} ${one.key ?? one.id}`,
      args: { path: seed.path(one), ...json },
      expect: { result: one.doc, match: "exact" },
    });
    const paths = scalarPaths(keyed, one.doc);
    tests.push({
      name: `gets ${keyed.label} ${one.key ?? one.id} as TOON`,
      args: { path: seed.path(one), jq: `{${paths.map(([k, p]) => `${k}: ${p}`).join(", ")}}` },
      expect: {
        result: paths.map(([k, , v]) => `${k}: ${toonCell(v)}`).join("\n"),
        match: "exact",
      },
    });
    tests.push({
      name: `an unknown ${keyed.label} is not_found`,
      args: { path: `${keyed.collectionPath}/NOPE-999`, ...json },
      expect: { error: { code: "not_found" }, match: "exact" },
    });
    tests.push({
      name: "a bad jq expression is invalid_argument",
      args: { path: seed.path(one), jq: "length(fields)" },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
    tests.push({
      name: "a body on GET is invalid_argument",
      args: { path: seed.path(one), body: { fields: {} } },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
  }
  const nested = config.collections
    .filter((c) => c.parent !== null && c.list === "paged" && seed.of(c).length > 0)
    .sort((a, b) => Number(b.name === "comment") - Number(a.name === "comment"))[0];
  if (nested) {
    const byParent = new Map<string, SeedDoc[]>();
    for (const d of seed.of(nested)) byParent.set(d.parent, [...(byParent.get(d.parent) ?? []), d]);
    const [parent, children] =
      [...byParent.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    const owner = seed.docs.find((d) => seed.rowPath(d) === parent);
    if (owner && children) {
      tests.push({
        name: `lists the ${nested.listKey} of ${owner.key ?? owner.id}`,
        args: {
          path: `${seed.path(owner)}/${nested.segment}`,
          ...json,
          jq: `{total: total, ids: ${nested.listKey}[*].${nested.identity}}`,
        },
        expect: {
          result: {
            total: children.length,
            ids: children.map((d) => d.doc[nested.identity] ?? null),
          },
          match: "exact",
        },
      });
    }
  }
  tests.push({
    name: "an unknown path is not_found",
    args: { path: `/${[...config.base, "no-such-collection"].join("/")}` },
    expect: { error: { code: "not_found" }, match: "exact" },
  });
  tests.push(...searchTests(seed));
  return tests;
}

function searchTests(seed: Seed): ToolTest[] {
  const tests: ToolTest[] = [];
  const jql = seed.config.searches.find((s) => s.language === "jql");
  const issues = seed.docs.filter((d) => d.collection === jql?.target && d.parent === "");
  if (jql && issues.length > 0) {
    const field = (d: SeedDoc, name: string) =>
      holder({ envelope: "fields" } as CollectionConfig, d.doc)[name];
    const projectKey = (d: SeedDoc) => {
      const p = field(d, "project");
      return isJsonObject(p) ? String(p.key) : "";
    };
    const open = (d: SeedDoc) => {
      const s = field(d, "status");
      const cat = isJsonObject(s) && isJsonObject(s.statusCategory) ? s.statusCategory.key : "";
      return cat !== "done";
    };
    const statusNames = [
      ...new Set(
        issues.filter(open).map((d) => {
          const s = field(d, "status");
          return isJsonObject(s) ? String(s.name) : "";
        }),
      ),
    ].sort();
    const keys = [...new Set(issues.map(projectKey))].sort();
    const number = (d: SeedDoc) => Number(/-(\d+)$/.exec(d.key ?? "")?.[1] ?? 0);
    for (const key of keys) {
      const hits = issues
        .filter((d) => projectKey(d) === key && open(d))
        .sort((a, b) => number(b) - number(a));
      if (hits.length < 2 || statusNames.length === 0) continue;
      const list = statusNames.map((n) => `"${n}"`).join(", ");
      tests.push({
        name: `searches open ${key} issues with JQL, newest key first`,
        args: {
          path: jql.path,
          queryParams: {
            [jql.param]: `project = ${key} AND status IN (${list}) ORDER BY key DESC`,
          },
          jq: `${jql.resultKey}[*].key`,
          ...json,
        },
        expect: { result: hits.map((d) => d.key), match: "exact" },
      });
      break;
    }
    tests.push({
      name: "a JQL query that does not parse is invalid_argument",
      args: { path: jql.path, queryParams: { [jql.param]: "project = " } },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
  }
  const text = seed.config.searches.find((s) => s.language === "text");
  const target = text && seed.coll(text.target);
  const people = target ? seed.of(target, "") : [];
  const sample = people[1];
  if (text && target && sample && target.textFields.length > 0) {
    const first = String(sample.doc[target.textFields[0] ?? ""] ?? "");
    const needle = first.slice(0, 4).toLowerCase();
    const hits = people.filter((d) =>
      target.textFields.some((f) =>
        String(d.doc[f] ?? "")
          .toLowerCase()
          .includes(needle),
      ),
    );
    if (needle.length > 0) {
      tests.push({
        name: `finds ${target.listKey} matching "${needle}"`,
        args: {
          path: text.path,
          queryParams: { [text.param]: needle },
          jq: `[*].${target.identity}`,
          ...json,
        },
        expect: { result: hits.map((d) => d.doc[target.identity] ?? null), match: "exact" },
      });
    }
  }
  return tests;
}
