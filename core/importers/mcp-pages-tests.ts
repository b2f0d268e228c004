// Unit tests of the pages tools (mcp-pages-read-tests.ts, mcp-pages-write-tests.ts), for a tool's
// role under its own argument names; a test whose slots the tool does not all take is dropped.
import type { ToolTest } from "../environment/spec";
import { pagesReadTests } from "./mcp-pages-read-tests";
import type { PagesSlot } from "./mcp-pages-roles";
import type { ImplementedRole } from "./mcp-pages-tools";
import { pagesWriteTests } from "./mcp-pages-write-tests";

export function pagesToolTests(
  role: ImplementedRole,
  names: Partial<Record<PagesSlot, string>>,
): ToolTest[] {
  return [...pagesReadTests(role, names), ...pagesWriteTests(role, names)].filter(
    (t): t is ToolTest => t !== null,
  );
}
