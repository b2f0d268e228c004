// Unit tests of the pages tools (read-tests.ts, write-tests.ts), for a tool's
// role under its own argument names; a test whose slots the tool does not all take is dropped.
import type { ToolTest } from "../../environment/spec";
import { pagesReadTests } from "./read-tests";
import type { PagesSlot } from "./roles";
import type { ImplementedRole } from "./tools";
import { pagesWriteTests } from "./write-tests";

export function pagesToolTests(
  role: ImplementedRole,
  names: Partial<Record<PagesSlot, string>>,
): ToolTest[] {
  return [...pagesReadTests(role, names), ...pagesWriteTests(role, names)].filter(
    (t): t is ToolTest => t !== null,
  );
}
