// Unit tests of the bases tools: the reads' (read-tests.ts) and the writes'
// (write-tests.ts), computed from the seeded workspace independently of the guest code.
import type { ToolTest } from "../../environment/spec";
import { basesReadTests } from "./read-tests";
import type { BasesTestInput } from "./test-kit";
import { basesWriteTests } from "./write-tests";

export type { BasesTestInput } from "./test-kit";

export function basesToolTests(input: BasesTestInput): ToolTest[] {
  return basesReadTests(input) ?? basesWriteTests(input) ?? [];
}
