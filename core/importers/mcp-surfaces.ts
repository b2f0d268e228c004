// The surfaces the MCP importer tries, in order, before the entity path (see mcp-surface.ts).
import { basesSurface } from "./mcp-bases-surface";
import { calendarSurface } from "./mcp-calendar-surface";
import { codehostSurface } from "./mcp-codehost-surface";
import { crmSurface } from "./mcp-crm-surface";
import { filesystemSurface } from "./mcp-filesystem-surface";
import { graphSurface } from "./mcp-graph-surface";
import { mailboxSurface } from "./mcp-mailbox-surface";
import { messagingSurface } from "./mcp-messaging-surface";
import { pagesSurface } from "./mcp-pages-surface";
import { resourceSurface } from "./mcp-resource-surface";
import { restSurface } from "./mcp-rest-surface";
import { sqlSurface } from "./mcp-sql-surface";
import type { McpSurface } from "./mcp-surface";
import { utilitySurface } from "./mcp-utility-surface";
import { workflowSurface } from "./mcp-workflow-surface";

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
