// Is this a usable input schema for a tool? An object schema whose parts the validator can run
// without throwing mid-call (bad `type` names, invalid regexes) and whose `required` can be met.
import { escapePointerSegment as pointer } from "./json-pointer";
import { compile } from "./validate-arguments";

export interface SchemaProblem {
  /** JSON Pointer into the schema. */
  path: string;
  message: string;
}

const typeNames = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);
const subschemaKeys = ["items", "additionalProperties", "not", "if", "then", "else", "contains"];
const subschemaListKeys = ["prefixItems", "anyOf", "allOf", "oneOf"];
const subschemaMapKeys = ["properties", "patternProperties", "$defs", "definitions"];

/** Problems that make `schema` unusable as a tool's input schema; empty when it is fine. */
export function checkToolSchema(schema: unknown): SchemaProblem[] {
  if (!isObject(schema)) return [{ path: "", message: "the input schema must be a JSON object" }];
  const problems: SchemaProblem[] = [];
  if (schema.type !== "object") {
    problems.push({ path: "/type", message: 'the input schema must have type "object"' });
  }
  walk(schema, "", problems);
  if (schema.additionalProperties === false && Array.isArray(schema.required)) {
    const declared = isObject(schema.properties) ? schema.properties : {};
    for (const name of schema.required) {
      if (typeof name === "string" && !(name in declared)) {
        problems.push({
          path: "/required",
          message: `"${name}" is required but not declared while additionalProperties is false`,
        });
      }
    }
  }
  if (problems.length === 0) {
    try {
      compile(schema);
    } catch (err) {
      problems.push({
        path: "",
        message: `the validator cannot use this schema: ${messageOf(err)}`,
      });
    }
  }
  return problems;
}

function walk(schema: unknown, path: string, problems: SchemaProblem[]): void {
  if (typeof schema === "boolean") return;
  if (!isObject(schema)) {
    problems.push({ path, message: "a schema must be an object or a boolean" });
    return;
  }
  checkKeywords(schema, path, problems);
  for (const key of subschemaKeys) {
    const sub = schema[key];
    // Draft-07 tuple form: `items` may be an array of schemas.
    if (Array.isArray(sub)) walkEach(sub, `${path}/${key}`, problems);
    else if (sub !== undefined) walk(sub, `${path}/${key}`, problems);
  }
  for (const key of subschemaListKeys) {
    const list = schema[key];
    if (Array.isArray(list)) walkEach(list, `${path}/${key}`, problems);
    else if (list !== undefined) {
      problems.push({ path: `${path}/${key}`, message: `"${key}" must be an array of schemas` });
    }
  }
  for (const key of subschemaMapKeys) {
    const map = schema[key];
    if (map === undefined) continue;
    if (!isObject(map)) {
      problems.push({ path: `${path}/${key}`, message: `"${key}" must be an object of schemas` });
      continue;
    }
    for (const [name, sub] of Object.entries(map))
      walk(sub, `${path}/${key}/${pointer(name)}`, problems);
  }
}

function walkEach(schemas: readonly unknown[], path: string, problems: SchemaProblem[]): void {
  for (const [i, s] of schemas.entries()) walk(s, `${path}/${i}`, problems);
}

function checkKeywords(schema: Record<string, unknown>, path: string, problems: SchemaProblem[]) {
  const types = Array.isArray(schema.type)
    ? schema.type
    : schema.type === undefined
      ? []
      : [schema.type];
  for (const t of types) {
    if (typeof t !== "string" || !typeNames.has(t)) {
      problems.push({ path: `${path}/type`, message: `unknown type ${JSON.stringify(t)}` });
    }
  }
  if (schema.required !== undefined) {
    const ok =
      Array.isArray(schema.required) && schema.required.every((r) => typeof r === "string");
    if (!ok)
      problems.push({
        path: `${path}/required`,
        message: '"required" must be an array of strings',
      });
  }
  if (schema.pattern !== undefined) checkPattern(schema.pattern, `${path}/pattern`, problems);
  if (isObject(schema.patternProperties)) {
    for (const key of Object.keys(schema.patternProperties)) {
      checkPattern(key, `${path}/patternProperties/${pointer(key)}`, problems);
    }
  }
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) {
    problems.push({ path: `${path}/enum`, message: '"enum" must be an array' });
  }
}

function checkPattern(pattern: unknown, path: string, problems: SchemaProblem[]) {
  try {
    if (typeof pattern !== "string") throw new Error("a pattern must be a string");
    // The validator compiles patterns with the `u` flag while validating; fail here instead.
    new RegExp(pattern, "u");
  } catch (err) {
    problems.push({ path, message: `invalid pattern: ${messageOf(err)}` });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
