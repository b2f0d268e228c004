// Publishing through the real Worker: admission in a scratch EpisodeDO, immutable content-hashed
// versions, and the failing tests reported with expected vs actual.
import { describe, expect, it } from "vitest";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { api, publish } from "./support/platform";

type Published = {
  name: string;
  version: string;
  contentHash: string;
  created: boolean;
  tests: { total: number; passed: number };
};
type Failure = {
  error: {
    code: string;
    message: string;
    details: {
      failures: {
        tool: string;
        test: string;
        reason: string;
        expected: unknown;
        actual: unknown;
      }[];
    };
  };
};

const withVersion = (
  version: string,
  change: (spec: EnvironmentSpec) => void = () => {},
): EnvironmentSpec => {
  const spec = structuredClone(ledgerSpec);
  spec.version = version;
  change(spec);
  return spec;
};

describe("publishing an environment", () => {
  it("admits a version whose tool tests all pass, once; the same content again is a no-op", async () => {
    const first = await publish(withVersion("2.0.0"));
    expect(first.status).toBe(201);
    expect(first.body as Published).toMatchObject({
      name: "ledger",
      version: "2.0.0",
      created: true,
      tests: { total: 7, passed: 7 },
    });
    const again = await publish(withVersion("2.0.0"));
    expect(again.status).toBe(200);
    expect(again.body as Published).toMatchObject({
      created: false,
      contentHash: (first.body as Published).contentHash,
    });
    const listed = await api<{ versions: { version: string }[] }>(
      "GET",
      "/v1/environments/ledger",
      { key: null },
    );
    expect(listed.body.versions.map((v) => v.version)).toContain("2.0.0");
  });

  it("refuses other content under a used version (409)", async () => {
    expect((await publish(withVersion("3.0.0"))).status).toBe(201);
    const changed = await publish(
      withVersion("3.0.0", (s) => {
        s.description = "changed";
      }),
    );
    expect(changed.status).toBe(409);
    expect((changed.body as Failure).error.code).toBe("conflict");
  });

  it("publishes nothing when a tool test fails, and says which with expected vs actual", async () => {
    const broken = withVersion("4.0.0", (s) => {
      const getAccount = s.tools[0];
      if (getAccount?.tests[0])
        getAccount.tests[0].expect.result = { id: 1, owner: "ada", balance: 999 };
    });
    const res = await publish(broken);
    expect(res.status).toBe(422);
    const body = res.body as Failure;
    expect(body.error.code).toBe("admission_failed");
    expect(body.error.details.failures).toHaveLength(1);
    expect(body.error.details.failures[0]).toMatchObject({
      tool: "get_account",
      test: "finds ada",
      expected: { result: { balance: 999 } },
      actual: { result: { id: 1, owner: "ada", balance: 100 } },
    });
    expect((await api("GET", "/v1/environments/ledger/versions/4.0.0", { key: null })).status).toBe(
      404,
    );
  });

  it("rejects a tool that does not compile, and an invalid spec", async () => {
    const res = await publish(
      withVersion("5.0.0", (s) => {
        const first = s.tools[0];
        if (first) first.implementation = "function (args, ctx) { return ; ;; {";
      }),
    );
    expect(res.status).toBe(422);
    const invalid = await api<Failure>("POST", "/v1/environments", {
      body: { name: "X!", tools: [] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("validation_failed");
  });

  it("refuses a tool whose tests would pass for any implementation", async () => {
    const res = await publish(
      withVersion("6.0.0", (s) => {
        const getAccount = s.tools[0];
        // Only an error test, and the error is one a do-nothing implementation also gives.
        if (getAccount)
          getAccount.tests = [
            {
              name: "unknown id",
              args: { id: 99 },
              expect: { error: { code: "not_found" }, match: "exact" },
            },
          ];
      }),
    );
    expect(res.status).toBe(422);
    const body = res.body as Failure & { error: { details: { problems: string[] } } };
    expect(body.error.details.problems.join(" ")).toContain(
      "get_account: its tests pass for any implementation",
    );
  });

  it("needs a key with catalog:write", async () => {
    expect((await api("POST", "/v1/environments", { body: ledgerSpec, key: null })).status).toBe(
      401,
    );
  });
});
