// The JavaScript of a REST passthrough tool: the tool's configuration (its HTTP method and the
// API model, one JSON constant) followed by the shared runtime (router and document store, JQL,
// JMESPath, TOON). Every tool of a server carries the same runtime; only `M.method` differs.
import type { CollectionConfig, HttpMethod, RestConfig } from "./config";
import { JMESPATH_SOURCE } from "./jmespath";
import { JQL_SOURCE } from "./jql";
import type { ApiModel } from "./model";
import type { Profile } from "./profile";
import { REST_RUNTIME_SOURCE } from "./runtime";
import { REST_WRITES_SOURCE } from "./runtime-writes";
import { TOON_SOURCE } from "./toon";

export const REST_TABLE = "rest_documents";

export function restConfig(method: HttpMethod, model: ApiModel, profile: Profile): RestConfig {
  return {
    method,
    table: REST_TABLE,
    base: model.base,
    site: profile.site,
    time: profile.time,
    actor: profile.actor,
    actorCollection: profile.actorCollection,
    collections: profile.collections,
    searches: model.searches
      .filter((s) => profile.collections.some((c) => c.name === s.target))
      .filter((s) => s.language === "text" || profile.jql !== null)
      .map((s) => ({ ...s, resultKey: listKeyOf(profile.collections, s.target) })),
    actions: profile.actions,
    uploads: model.uploads,
    jql: profile.jql,
    endpoints: endpointsOf(model, profile),
    pageSize: 50,
    maxResults: 100,
    maxScan: 500,
  };
}

function listKeyOf(collections: readonly CollectionConfig[], name: string): string {
  return collections.find((c) => c.name === name)?.listKey ?? "results";
}

/** `GET, POST /rest/api/3/issue/{issueIdOrKey}/comment` lines, for "no endpoint matches". */
function endpointsOf(model: ApiModel, profile: Profile): string[] {
  const out: string[] = [];
  for (const c of profile.collections) {
    const described = model.collections.find((m) => m.name === c.name);
    if (described?.implied) continue;
    if (described?.listed)
      out.push(
        `${["GET", ...(c.create ? ["POST"] : []), ...(c.deleteBy ? ["DELETE"] : [])].join(", ")} ${c.collectionPath}`,
      );
    if (c.documentPath.endsWith("/{id}")) continue;
    out.push(
      `${["GET", ...(c.update ? ["PUT", "PATCH"] : []), ...(c.delete ? ["DELETE"] : [])].join(", ")} ${c.documentPath}`,
    );
  }
  for (const s of model.searches) out.push(`GET ${s.path}?${s.param}=...`);
  for (const a of profile.actions) out.push(`GET, POST ${a.path}`);
  return out;
}

export function restImplementation(functionName: string, config: RestConfig): string {
  // `$` never needs to be literal in the constant; escaping it keeps `${` out of the source.
  const constant = JSON.stringify(config).replace(/\$/g, "\\u0024");
  return `function ${functionName}(args, ctx) {
  const M = ${constant};
${TOON_SOURCE}${JMESPATH_SOURCE}${JQL_SOURCE}${REST_RUNTIME_SOURCE}${REST_WRITES_SOURCE}
  return restHandle(args, ctx);
}`;
}
