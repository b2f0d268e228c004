// Unit tests for the REST passthrough tools, one set per HTTP method, all computed from the seed
// documents the episode starts with (read-tests.ts, write-tests.ts).
import type { ToolTest } from "../../environment/spec";
import type { HttpMethod, RestConfig } from "./config";
import type { SeedDoc } from "./profile";
import { getTests } from "./read-tests";
import { Seed } from "./test-kit";
import { deleteTests, postTests, updateTests } from "./write-tests";

/** The tests of the tool for `method`, or an empty list when the seed gives nothing to test. */
export function restTests(
  method: HttpMethod,
  config: RestConfig,
  docs: readonly SeedDoc[],
): ToolTest[] {
  const seed = new Seed(config, docs);
  switch (method) {
    case "GET":
      return getTests(seed);
    case "POST":
      return postTests(seed);
    case "PUT":
    case "PATCH":
      return updateTests(seed, method);
    case "DELETE":
      return deleteTests(seed);
  }
}
