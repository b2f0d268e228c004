// Tool arguments against input schemas: readable errors pointed at the argument, cached
// validators, and the checks that keep unusable schemas out of the catalog.
import { describe, expect, it } from "vitest";
import { checkToolSchema } from "../../core/base/json-schema/check-tool-schema";
import { compile, validateArguments } from "../../core/base/json-schema/validate-arguments";

const searchSchema = {
  type: "object",
  properties: {
    query: { type: "string", minLength: 1 },
    limit: { type: "integer", minimum: 1, maximum: 50 },
    lines: {
      type: "array",
      items: {
        type: "object",
        properties: { trackId: { type: "integer" } },
        required: ["trackId"],
        additionalProperties: false,
      },
    },
  },
  required: ["query"],
  additionalProperties: false,
};

describe("validateArguments", () => {
  it("accepts valid arguments", () => {
    expect(validateArguments(searchSchema, { query: "rock", limit: 50 })).toEqual({ valid: true });
  });

  it("points each error at the argument at fault", () => {
    const verdict = validateArguments(searchSchema, {
      limit: 100,
      colour: "red",
      lines: [{ trackId: "7" }, {}],
    });
    expect(verdict).toEqual({
      valid: false,
      errors: [
        { path: "/query", message: 'missing required property "query"' },
        { path: "/limit", message: "100 is greater than 50" },
        {
          path: "/lines/0/trackId",
          message: 'Instance type "string" is invalid. Expected "integer"',
        },
        { path: "/lines/1/trackId", message: 'missing required property "trackId"' },
        { path: "/colour", message: 'unexpected property "colour"' },
      ],
    });
  });

  it("reports a non-object argument list at the root", () => {
    expect(validateArguments(searchSchema, [1, 2])).toEqual({
      valid: false,
      errors: [{ path: "", message: 'Instance type "array" is invalid. Expected "object"' }],
    });
  });

  it("checks formats, enums and nullable types", () => {
    const schema = {
      type: "object",
      properties: {
        email: { type: "string", format: "email" },
        media: { enum: ["audio", "video"] },
        fax: { type: ["string", "null"] },
      },
    };
    expect(validateArguments(schema, { email: "a@b.de", media: "audio", fax: null })).toEqual({
      valid: true,
    });
    const verdict = validateArguments(schema, { email: "nope", media: "tape", fax: 3 });
    expect(verdict.valid).toBe(false);
    if (!verdict.valid)
      expect(verdict.errors.map((e) => e.path)).toEqual(["/email", "/media", "/fax"]);
  });

  it("compiles a schema object once and leaves it untouched", () => {
    const schema = Object.freeze({ type: "object", properties: { n: { type: "integer" } } });
    expect(compile(schema)).toBe(compile(schema));
    expect(validateArguments(schema, { n: 1.5 }).valid).toBe(false);
    expect(JSON.stringify(schema)).toBe('{"type":"object","properties":{"n":{"type":"integer"}}}');
  });
});

describe("checkToolSchema", () => {
  it("accepts a proper object schema", () => {
    expect(checkToolSchema(searchSchema)).toEqual([]);
    expect(
      checkToolSchema({ type: "object", properties: {}, additionalProperties: false }),
    ).toEqual([]);
  });

  it("names what makes a schema unusable", () => {
    expect(checkToolSchema("object")).toEqual([
      { path: "", message: "the input schema must be a JSON object" },
    ]);
    expect(
      checkToolSchema({
        type: "array",
        properties: { a: { type: "int" }, b: { type: "string", pattern: "([" }, c: 3 },
        required: ["a", "z"],
        additionalProperties: false,
      }),
    ).toEqual([
      { path: "/type", message: 'the input schema must have type "object"' },
      { path: "/properties/a/type", message: 'unknown type "int"' },
      { path: "/properties/b/pattern", message: expect.stringContaining("invalid pattern") },
      { path: "/properties/c", message: "a schema must be an object or a boolean" },
      {
        path: "/required",
        message: '"z" is required but not declared while additionalProperties is false',
      },
    ]);
  });

  it("reports a schema the validator cannot dereference", () => {
    const problems = checkToolSchema({ type: "object", $id: "http://[bad" });
    expect(problems).toEqual([
      { path: "", message: expect.stringContaining("cannot use this schema") },
    ]);
  });
});
