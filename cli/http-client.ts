// A small HTTP client for the Agent World API: bearer auth, JSON bodies, every answer parsed
// with a Zod schema, and the API's `{error:{code,message,details}}` turned into an ApiError.
import { z } from "zod";

const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** The API answered with an error (or with something the CLI cannot read). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Nothing answered at the base URL: the server is not running or the URL is wrong. */
export class ConnectionError extends Error {
  constructor(
    readonly baseUrl: string,
    readonly reason: string,
  ) {
    super(`cannot reach Agent World at ${baseUrl} (${reason})`);
    this.name = "ConnectionError";
  }
}

export interface ApiClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** Injected by tests and benchmarks; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Give up on the request after this long (a ConnectionError); default: wait. */
  timeoutMs?: number;
}

/** Builds a path from a template, encoding every interpolated value as one path segment. */
export function apiPath(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce(
    (path, part, i) => path + part + (i < values.length ? encodeURIComponent(values[i] ?? "") : ""),
    "",
  );
}

export class ApiClient {
  readonly baseUrl: string;
  readonly hasKey: boolean;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof fetch;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#apiKey = options.apiKey;
    this.hasKey = options.apiKey !== undefined;
    this.#fetch = options.fetch ?? fetch;
  }

  /** Sends a request and parses the JSON answer with `schema`; 204 parses `undefined`. */
  async request<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<T> {
    const response = await this.#send(method, path, options);
    const text = await response.text();
    if (!response.ok) throw errorFrom(response.status, text);
    const body = response.status === 204 || text === "" ? undefined : parseJson(text);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        "bad_response",
        `unexpected answer to ${method} ${path}: ${z.prettifyError(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  /** Sends a request and answers the raw Response (for streamed bodies such as NDJSON). */
  async stream(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const response = await this.#send(method, path, options);
    if (!response.ok) throw errorFrom(response.status, await response.text());
    return response;
  }

  async #send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (this.#apiKey !== undefined) headers.authorization = `Bearer ${this.#apiKey}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    try {
      const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
      return await this.#fetch(url, { method, headers, body, ...(signal ? { signal } : {}) });
    } catch (err) {
      // Said plainly: a timed-out poll is "no answer", not a socket error.
      if (options.timeoutMs && err instanceof DOMException && err.name === "TimeoutError")
        throw new ConnectionError(this.baseUrl, `no answer within ${options.timeoutMs / 1000} s`);
      throw new ConnectionError(this.baseUrl, networkReason(err));
    }
  }
}

function errorFrom(status: number, text: string): ApiError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details);
  }
  const snippet = text.replace(/\s+/g, " ").trim().slice(0, 200);
  return new ApiError(status, `http_${status}`, snippet || "the server answered without a body");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** fetch hides the socket error in `cause`: ECONNREFUSED, ENOTFOUND, ... */
function networkReason(err: unknown): string {
  if (err instanceof Error) {
    const cause: unknown = err.cause;
    if (cause && typeof cause === "object" && "code" in cause && typeof cause.code === "string") {
      return cause.code;
    }
    return err.message;
  }
  return String(err);
}
