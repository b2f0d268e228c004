// How task synthesis sees an environment whose tools pass HTTP requests through to an issue
// tracker's REST API (mcp-atlassian-jira: `jira_get`, `jira_post`, ... each taking a `path`): the
// tool of each method and the endpoints a solution needs — the issue search (JQL), the project
// list, the user search, and the comments, worklogs, watchers and transitions under an issue. It
// reuses the importer's own recogniser (core/surfaces/jira-rest/surface.ts) and API model (core/surfaces/jira-rest/model.ts)
// on the tools' descriptions, so it sees exactly the API the tools were built to serve. It asks
// for those endpoints rather than the importer's tracker test (which reads the create example in
// the POST tool's description), so a tracker exposed through its GET tool alone still qualifies;
// exploration parses the documents it reads and drafts nothing from shapes it does not know.
import type { ToolSpec } from "../../../environment/spec";
import type { JsonObject } from "../../../mcp/spec-schema";
import type { HttpMethod } from "../config";
import { deriveModel, mentionsOf } from "../model";
import { familyOf, pathDescription } from "../surface";

export interface RestLens {
  /** Tool name per HTTP method the environment has. */
  tools: Partial<Record<HttpMethod, string>>;
  /** `/rest/api/3/search/jql` and its query parameter (`jql`). */
  search: { path: string; param: string };
  /** `/rest/api/3/user/search` and its query parameter (`query`). */
  userSearch: { path: string; param: string };
  /** `/rest/api/3/project`: every project, as a bare list. */
  projects: string;
  /** `/rest/api/3/issue`: an issue is this plus `/` and its key. */
  issues: string;
  /** Listed names: `/rest/api/3/status`, `.../priority`, `.../issuetype`, when described. */
  lists: { status?: string; priority?: string; issuetype?: string };
  /** Path segments under an issue, when the API has them. */
  under: {
    comment?: string;
    worklog?: string;
    watchers?: string;
    transitions?: string;
  };
}

/** The lens, or undefined when the tools are not a REST passthrough to an issue tracker. */
export function restLens(tools: readonly ToolSpec[]): RestLens | undefined {
  const family = familyOf(
    tools.map((t) => ({
      original: { name: t.name, description: t.description, inputSchema: t.inputSchema },
      schema: t.inputSchema as JsonObject,
    })),
  );
  if (!family) return undefined;
  const model = deriveModel(
    family.flatMap((m) =>
      mentionsOf(m.method, m.tool.original.description ?? "", pathDescription(m.tool)),
    ),
  );
  const search = model.searches.find((s) => s.language === "jql" && s.target === "issue");
  const userSearch = model.searches.find((s) => s.language === "text" && s.target === "user");
  const top = (name: string) => model.collections.find((c) => c.name === name && c.parent === null);
  const project = top("project");
  const issue = top("issue");
  if (!search || !userSearch || !project?.listed || !issue) return undefined;
  const segment = (name: string) =>
    model.collections.find((c) => c.name === name && c.parent === "issue")?.segment;
  const listed = (name: string) => {
    const c = top(name);
    return c?.listed ? c.collectionPath : undefined;
  };
  const transitions = model.actions.find((a) => a.parent === "issue")?.segment;
  const byMethod: RestLens["tools"] = {};
  for (const m of family) byMethod[m.method] = m.tool.original.name;
  return {
    tools: byMethod,
    search: { path: search.path, param: search.param },
    userSearch: { path: userSearch.path, param: userSearch.param },
    projects: project.collectionPath,
    issues: issue.collectionPath,
    lists: {
      ...optional("status", listed("status")),
      ...optional("priority", listed("priority")),
      ...optional("issuetype", listed("issuetype")),
    },
    under: {
      ...optional("comment", segment("comment")),
      ...optional("worklog", segment("worklog")),
      ...optional("watchers", segment("watchers")),
      ...optional("transitions", transitions),
    },
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
