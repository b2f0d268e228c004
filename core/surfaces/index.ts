// The surfaces the MCP importer tries, in order, before the entity path (see surface.ts).
import { basesSurface } from "./airtable-bases/surface";
import { calendarSurface } from "./calendar/surface";
import { utilitySurface } from "./everything-utility/surface";
import { filesystemSurface } from "./filesystem/surface";
import { codehostSurface } from "./github-codehost/surface";
import { crmSurface } from "./hubspot-crm/surface";
import { restSurface } from "./jira-rest/surface";
import { resourceSurface } from "./kubernetes/surface";
import { mailboxSurface } from "./mailbox/surface";
import { graphSurface } from "./memory-graph/surface";
import { pagesSurface } from "./notion-pages/surface";
import { messagingSurface } from "./slack-chat/surface";
import { sqlSurface } from "./sql/surface";
import type { McpSurface } from "./surface";
import { workflowSurface } from "./taskmanager-workflow/surface";

export const MCP_SURFACES: readonly McpSurface[] = [
  sqlSurface,
  restSurface,
  resourceSurface,
  filesystemSurface,
  graphSurface,
  messagingSurface,
  workflowSurface,
  calendarSurface,
  mailboxSurface,
  basesSurface,
  pagesSurface,
  crmSurface,
  codehostSurface,
  utilitySurface,
];
