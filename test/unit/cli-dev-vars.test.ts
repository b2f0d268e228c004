// `.dev.vars`, the local admin key and the secrets key: created once with mode 0600, reused after,
// other variables kept, an older file given the secrets key, and parsed the way wrangler reads it.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureAdminKey, parseDevVars, readDevVar } from "../../cli/dev/dev-vars";
import { emptyDir } from "./cli-fake-api";

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("ensureAdminKey", () => {
  it("creates the file with a fresh key and mode 0600, then reuses it", () => {
    const path = join(emptyDir(), ".dev.vars");
    const first = ensureAdminKey(path);
    expect(first.created).toBe(true);
    expect(first.key).toMatch(/^aw_admin_[A-Za-z0-9_-]{43}$/);
    expect(modeOf(path)).toBe(0o600);
    expect(readFileSync(path, "utf8")).toContain(`AGENT_WORLD_ADMIN_KEY=${first.key}\n`);

    const again = ensureAdminKey(path);
    expect(again).toEqual({
      key: first.key,
      path,
      created: false,
      secretsKeyCreated: false,
      looseMode: false,
    });
  });

  it("draws a different key for each new file", () => {
    const a = ensureAdminKey(join(emptyDir(), ".dev.vars")).key;
    const b = ensureAdminKey(join(emptyDir(), ".dev.vars")).key;
    expect(a).not.toBe(b);
  });

  it("adds the key to an existing file without losing its variables, and tightens its mode", () => {
    const path = join(emptyDir(), ".dev.vars");
    writeFileSync(path, "OPENAI_API_KEY=sk-test", { mode: 0o644 });
    const made = ensureAdminKey(path);
    const vars = parseDevVars(readFileSync(path, "utf8"));
    expect(vars.get("OPENAI_API_KEY")).toBe("sk-test");
    expect(vars.get("AGENT_WORLD_ADMIN_KEY")).toBe(made.key);
    expect(modeOf(path)).toBe(0o600);
  });

  it("flags an existing key file that others can read", () => {
    const path = join(emptyDir(), ".dev.vars");
    writeFileSync(
      path,
      "AGENT_WORLD_ADMIN_KEY=aw_admin_x\nAGENT_WORLD_SECRETS_KEY=s3cret-0123456789\n",
      {
        mode: 0o644,
      },
    );
    expect(ensureAdminKey(path)).toMatchObject({
      key: "aw_admin_x",
      created: false,
      secretsKeyCreated: false,
      looseMode: true,
    });
    expect(modeOf(path)).toBe(0o644);
  });
});

describe("the secrets key (AGENT_WORLD_SECRETS_KEY)", () => {
  it("is written with the admin key into a new file, 256 random bits, and kept after", () => {
    const path = join(emptyDir(), ".dev.vars");
    const made = ensureAdminKey(path);
    expect(made).toMatchObject({ created: true, secretsKeyCreated: true });
    const secret = readDevVar(path, "AGENT_WORLD_SECRETS_KEY");
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(ensureAdminKey(path).secretsKeyCreated).toBe(false);
    expect(readDevVar(path, "AGENT_WORLD_SECRETS_KEY")).toBe(secret);
  });

  it("is appended to an older file that has only the admin key, which stays as it was", () => {
    const path = join(emptyDir(), ".dev.vars");
    writeFileSync(path, "# mine\nAGENT_WORLD_ADMIN_KEY=aw_admin_old", { mode: 0o644 });
    const made = ensureAdminKey(path);
    expect(made).toMatchObject({ key: "aw_admin_old", created: false, secretsKeyCreated: true });
    const text = readFileSync(path, "utf8");
    expect(
      text.startsWith("# mine\nAGENT_WORLD_ADMIN_KEY=aw_admin_old\nAGENT_WORLD_SECRETS_KEY="),
    ).toBe(true);
    expect(parseDevVars(text).get("AGENT_WORLD_SECRETS_KEY")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(modeOf(path)).toBe(0o600);
  });

  it("keeps an existing value: replacing it would make every stored policy key unreadable", () => {
    const path = join(emptyDir(), ".dev.vars");
    writeFileSync(path, 'AGENT_WORLD_SECRETS_KEY="my-own-secrets-key-0123"\n');
    const made = ensureAdminKey(path);
    expect(made).toMatchObject({ created: true, secretsKeyCreated: false });
    expect(readDevVar(path, "AGENT_WORLD_SECRETS_KEY")).toBe("my-own-secrets-key-0123");
    expect(readDevVar(path, "AGENT_WORLD_ADMIN_KEY")).toBe(made.key);
  });

  it("differs between two new files", () => {
    const a = join(emptyDir(), ".dev.vars");
    const b = join(emptyDir(), ".dev.vars");
    ensureAdminKey(a);
    ensureAdminKey(b);
    expect(readDevVar(a, "AGENT_WORLD_SECRETS_KEY")).not.toBe(
      readDevVar(b, "AGENT_WORLD_SECRETS_KEY"),
    );
  });
});

describe("parseDevVars / readDevVar", () => {
  it("reads comments, quotes and export prefixes like wrangler", () => {
    const vars = parseDevVars("# local\nexport A=1\nB=\"two words\"\nC='3'\n\nnot a var\nD = 4\n");
    expect(Object.fromEntries(vars)).toEqual({ A: "1", B: "two words", C: "3", D: "4" });
  });

  it("is undefined for a missing file or an empty value", () => {
    const dir = emptyDir();
    expect(readDevVar(join(dir, ".dev.vars"), "AGENT_WORLD_ADMIN_KEY")).toBeUndefined();
    writeFileSync(join(dir, ".dev.vars"), "AGENT_WORLD_ADMIN_KEY=\n");
    expect(readDevVar(join(dir, ".dev.vars"), "AGENT_WORLD_ADMIN_KEY")).toBeUndefined();
  });
});
