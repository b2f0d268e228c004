// Unit tests for the filesystem tools, computed from the seeded tree (see the read and write
// halves); tests that use an optional argument are made only when the server offers it.
import type { ToolTest } from "../../environment/spec";
import { readToolTests } from "./read-tests";
import { seedView, type TestContext } from "./test-kit";
import { type FsRole, roleEffect } from "./tools";
import { writeToolTests } from "./write-tests";

export function fsToolTests(role: FsRole, context: TestContext): ToolTest[] {
  const view = seedView(context.entries);
  return roleEffect(role) === "read"
    ? readToolTests(role, view, context.options)
    : writeToolTests(role, view, context.options);
}
