// The JavaScript the sandbox runs inside each VM before any tool: the `ctx` API, the error classes,
// the tool compiler and invoker, and the lockdown that freezes every intrinsic (like SES's
// `lockdown()`), so one call can leave nothing behind that a later call could observe.
//
// It evaluates to a function taking the five host functions (host-bridge.ts) and returning
// `{ compile, invoke, collect }`; the host keeps those handles and nothing is put on `globalThis`.
//
// Replies between the guest and the host are strings whose first character is a tag:
//   from the host: R<json> value, E<json> SQL error {code,message,details?}, X<json> other error {name,message},
//                  T<json> a failed tool behind ctx.call {code,message,details?}
//   to the host:   R<json> result, T<json> tool error {code,message,details?},
//                  E<json> runtime error {name,message}, S stack overflow, P promise pending
export const GUEST_PRELUDE = String.raw`(function prelude(hostSql, hostRandom, hostNow, hostId, hostCall) {
  "use strict";
  const G = globalThis;
  const { freeze, defineProperty, getOwnPropertyDescriptor, getPrototypeOf } = Object;
  const { apply, ownKeys } = Reflect;
  const jsonParse = JSON.parse;
  const jsonStringify = JSON.stringify;
  const isArray = Array.isArray;
  const isFiniteNumber = Number.isFinite;
  const toText = String;
  const PromiseCtor = Promise;
  const promiseThen = Promise.prototype.then;
  const functionToString = Function.prototype.toString;
  const indirectEval = G.eval;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const RangeErrorCtor = RangeError;
  const SyntaxErrorCtor = SyntaxError;
  const STACK_OVERFLOW = "Maximum call stack size exceeded";
  const MAX_TEXT = 2000;

  // ---------------------------------------------------------------- errors

  class ToolError extends ErrorCtor {
    constructor(code, message, details) {
      super(message);
      defineProperty(this, "code", { value: code, enumerable: true });
      if (details !== undefined) defineProperty(this, "details", { value: details, enumerable: true });
    }
  }
  defineProperty(ToolError.prototype, "name", { value: "ToolError", writable: true, configurable: true });
  class SqlError extends ToolError {}
  defineProperty(SqlError.prototype, "name", { value: "SqlError", writable: true, configurable: true });

  const HOST_ERRORS = { TypeError: TypeErrorCtor, RangeError: RangeErrorCtor };

  function decode(reply) {
    const tag = reply[0];
    const body = jsonParse(reply.slice(1));
    if (tag === "R") return body;
    if (tag === "E") throw new SqlError(body.code, body.message, body.details);
    if (tag === "T") throw new ToolError(body.code, body.message, body.details);
    throw new (HOST_ERRORS[body.name] || ErrorCtor)(body.message);
  }

  // ---------------------------------------------------------------- ctx

  function sqlText(sql) {
    if (typeof sql !== "string") throw new TypeErrorCtor("SQL must be a string");
    return sql;
  }

  function sqlParams(params) {
    if (params === undefined || params === null) return "[]";
    if (!isArray(params)) throw new TypeErrorCtor("SQL parameters must be an array");
    const out = [];
    for (let i = 0; i < params.length; i++) {
      const value = params[i];
      if (value === null || value === undefined) out[i] = null;
      else if (typeof value === "boolean") out[i] = value ? 1 : 0;
      else if (typeof value === "string") out[i] = value;
      else if (typeof value === "number" && isFiniteNumber(value)) out[i] = value;
      else if (typeof value === "object" && typeof value.$base64 === "string") out[i] = { $base64: value.$base64 };
      else {
        throw new TypeErrorCtor("SQL parameter " + (i + 1) +
          " must be a string, finite number, boolean, null or { $base64 }, got " + typeof value);
      }
    }
    return jsonStringify(out);
  }

  function callArgs(args) {
    if (args === undefined) return "{}";
    if (typeof args !== "object" || args === null || isArray(args)) {
      throw new TypeErrorCtor("ctx.call: args must be a plain object");
    }
    return jsonStringify(args);
  }

  function fail(code, message, details) {
    if (typeof code !== "string" || code === "") throw new TypeErrorCtor("ctx.fail: code must be a non-empty string");
    const text = message === undefined ? code : toText(message);
    const copy = details === undefined ? undefined : jsonParse(jsonStringify(details) ?? "null");
    throw new ToolError(code, text, copy);
  }

  let active = null;

  function makeCtx(token) {
    const live = () => {
      if (active !== token) throw new ErrorCtor("ctx used outside of its tool call");
    };
    return freeze({
      query(sql, params) { live(); return decode(hostSql(0, sqlText(sql), sqlParams(params))); },
      one(sql, params) { live(); return decode(hostSql(1, sqlText(sql), sqlParams(params))); },
      run(sql, params) { live(); return decode(hostSql(2, sqlText(sql), sqlParams(params))); },
      fail,
      now() { live(); return decode(hostNow()); },
      random() { live(); return decode(hostRandom()); },
      id(prefix) {
        live();
        if (prefix !== undefined && typeof prefix !== "string") throw new TypeErrorCtor("ctx.id: prefix must be a string");
        return decode(hostId(prefix === undefined ? "" : prefix));
      },
      call(tool, args) {
        live();
        if (typeof tool !== "string") throw new TypeErrorCtor("ctx.call: the tool name must be a string");
        return decode(hostCall(tool, callArgs(args)));
      },
    });
  }

  // ---------------------------------------------------------------- replies

  function clip(text) {
    return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) + "..." : text;
  }

  function encodeResult(value) {
    try {
      const json = jsonStringify(value);
      return "R" + (json === undefined ? "null" : json);
    } catch (error) {
      return encodeError(error);
    }
  }

  // Reading name and message can run guest getters; whatever they do, this returns strings.
  function describe(error) {
    try {
      if (error instanceof ErrorCtor) return { name: clip(toText(error.name)), message: clip(toText(error.message)) };
      return { name: "Error", message: clip("non-Error value thrown: " + toText(error)) };
    } catch {
      return { name: "Error", message: "a thrown value that could not be described" };
    }
  }

  function encodeError(error) {
    try {
      if (error instanceof ToolError) {
        return "T" + jsonStringify({ code: clip(toText(error.code)), message: clip(toText(error.message)), details: error.details });
      }
      if (error instanceof RangeErrorCtor && error.message === STACK_OVERFLOW) return "S";
    } catch {}
    return "E" + jsonStringify(describe(error));
  }

  // ---------------------------------------------------------------- tools

  // A tool is one function expression. It is wrapped in a frozen arrow factory (no name binding, no
  // prototype object) that runs afresh on every call, so closure state cannot outlive a call; and
  // the factory's own source text must be the whole wrapper, so a source that closes the wrapper
  // early to smuggle in top-level statements is refused.
  function compile(source) {
    let text = toText(source).trim();
    while (text.endsWith(";")) text = text.slice(0, -1).trimEnd();
    const wrapper = '() => { "use strict"; return (' + text + "\n); }";
    const factory = indirectEval('"use strict"; (' + wrapper + ")");
    if (typeof factory !== "function" || apply(functionToString, factory, []) !== wrapper) {
      throw new SyntaxErrorCtor("the implementation must be a single function expression, e.g. (args, ctx) => ...");
    }
    let tool;
    try {
      tool = factory();
    } catch (error) {
      const { name, message } = describe(error);
      throw new TypeErrorCtor("evaluating the implementation threw " + name + ": " + message);
    }
    if (typeof tool !== "function") {
      throw new TypeErrorCtor("the implementation must evaluate to a function, not " + (tool === null ? "null" : typeof tool));
    }
    return freeze(factory);
  }

  let pending = null;

  function invoke(factory, argsJson) {
    const token = {};
    active = token;
    pending = null;
    try {
      const tool = factory();
      const result = tool(jsonParse(argsJson), makeCtx(token));
      if (result instanceof PromiseCtor) {
        const box = { reply: null };
        pending = box;
        apply(promiseThen, result, [
          (value) => { box.reply = encodeResult(value); },
          (error) => { box.reply = encodeError(error); },
        ]);
        return "P";
      }
      active = null;
      return encodeResult(result);
    } catch (error) {
      active = null;
      return encodeError(error);
    }
  }

  // After the host has drained the job queue: the settled promise's reply.
  function collect() {
    const box = pending;
    pending = null;
    active = null;
    if (box !== null && box.reply !== null) return box.reply;
    return encodeError(new ErrorCtor("the tool's promise never settled (there is no I/O to wait for in the sandbox)"));
  }

  // ---------------------------------------------------------------- lockdown

  defineProperty(Math, "random", {
    value: function random() { return decode(hostRandom()); },
    writable: true,
    configurable: true,
  });

  // Dynamic code: eval goes, and the Function constructors (reachable from any function's
  // "constructor") are swapped for stand-ins that throw but keep "instanceof Function" working.
  const functionSamples = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const sample of functionSamples) {
    const prototype = getPrototypeOf(sample);
    const original = prototype.constructor;
    const standIn = function () {
      throw new TypeErrorCtor("dynamic code evaluation is disabled in the sandbox");
    };
    defineProperty(standIn, "name", { value: original.name });
    defineProperty(standIn, "prototype", { value: prototype });
    defineProperty(prototype, "constructor", { value: standIn, writable: true, configurable: true });
    if (G.Function === original) defineProperty(G, "Function", { value: standIn, writable: true, configurable: true });
  }
  delete G.eval;

  // Freezing a prototype makes its properties read-only for every object that inherits them, so
  // "err.name = ..." or "obj.toString = ..." would throw (the "override mistake"). As SES does, the
  // properties code commonly shadows become accessors whose setter defines an own property instead.
  const errorPrototypes = [G.Error, G.EvalError, G.RangeError, G.ReferenceError, G.SyntaxError, G.TypeError,
    G.URIError, G.InternalError, G.AggregateError, G.SuppressedError, G.DOMException, ToolError, SqlError]
    .filter((ctor) => typeof ctor === "function").map((ctor) => ctor.prototype);
  const overridable = [
    [Object.prototype, ["constructor", "toString", "valueOf", "toLocaleString"]],
    [Function.prototype, ["toString"]],
    ...errorPrototypes.map((prototype) => [prototype, ["constructor", "name", "message", "toString"]]),
  ];
  for (const [home, keys] of overridable) {
    for (const key of keys) {
      const descriptor = getOwnPropertyDescriptor(home, key);
      if (!descriptor || !("value" in descriptor) || !descriptor.writable) continue;
      const value = descriptor.value;
      defineProperty(home, key, {
        get: function () { return value; },
        set: function (next) {
          if (this === home) throw new TypeErrorCtor("Cannot assign to read only property '" + key + "' of a frozen intrinsic");
          defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
        },
        enumerable: descriptor.enumerable,
        configurable: false,
      });
    }
  }

  // Everything reachable from the global object, plus intrinsics only reachable from instances.
  const hidden = [
    getPrototypeOf(function* () {}), getPrototypeOf(async function () {}), getPrototypeOf(async function* () {}),
    getPrototypeOf([][Symbol.iterator]()), getPrototypeOf(new Map().entries()), getPrototypeOf(new Set().values()),
    getPrototypeOf(""[Symbol.iterator]()), getPrototypeOf(/a/g[Symbol.matchAll]("")), getPrototypeOf(Int8Array),
    getOwnPropertyDescriptor(function () { "use strict"; return arguments; }(), "callee").get,
  ];
  if (typeof Iterator === "function") {
    if (typeof Iterator.prototype.map === "function") hidden.push(getPrototypeOf([].values().map((x) => x)));
    if (typeof Iterator.from === "function") hidden.push(getPrototypeOf(Iterator.from({ next() { return { done: true }; } })));
  }
  const seen = new Set();
  const stack = [G, ToolError, SqlError, fail, ...hidden];
  while (stack.length > 0) {
    const value = stack.pop();
    if ((typeof value !== "object" && typeof value !== "function") || value === null || seen.has(value)) continue;
    seen.add(value);
    freeze(value);
    stack.push(getPrototypeOf(value));
    for (const key of ownKeys(value)) {
      const descriptor = getOwnPropertyDescriptor(value, key);
      if ("value" in descriptor) stack.push(descriptor.value);
      else stack.push(descriptor.get, descriptor.set);
    }
  }

  return freeze({ compile, invoke, collect });
})`;
