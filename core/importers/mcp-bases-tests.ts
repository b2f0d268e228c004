// Unit tests of the bases tools: the reads' (mcp-bases-read-tests.ts) and the writes'
// (mcp-bases-write-tests.ts), computed from the seeded workspace independently of the guest code.
import type { ToolTest } from "../environment/spec";
import { basesReadTests } from "./mcp-bases-read-tests";
import type { BasesTestInput } from "./mcp-bases-test-kit";
import { basesWriteTests } from "./mcp-bases-write-tests";

export type { BasesTestInput } from "./mcp-bases-test-kit";

export function basesToolTests(input: BasesTestInput): ToolTest[] {
  return basesReadTests(input) ?? basesWriteTests(input) ?? [];
}
