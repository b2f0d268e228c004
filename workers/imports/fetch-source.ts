// Fetching a source by URL for a discovery job: http(s) only, a timeout, a size limit enforced
// while reading (not trusted from Content-Length alone), and HTML pages refused: a link to a web
// page instead of the file is the usual mistake.

import { AppError } from "../../core/base/errors";
import { sha256Hex } from "../../core/base/json";

export interface FetchedSource {
  content: string;
  sha256: string;
  contentType: string;
  retrievedAt: string;
}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export async function fetchSource(url: string, limits: FetchLimits): Promise<FetchedSource> {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
    throw new AppError("validation_failed", `Only http(s) URLs can be imported, not ${url}.`);
  }
  let response: Response;
  try {
    response = await fetch(parsed, {
      signal: AbortSignal.timeout(limits.timeoutMs),
      redirect: "follow",
    });
  } catch (err) {
    const timedOut =
      err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new AppError(
      "validation_failed",
      timedOut
        ? `${url} did not answer within ${limits.timeoutMs / 1000} s.`
        : `${url} could not be fetched: ${err instanceof Error ? err.message : String(err)}.`,
      { url },
    );
  }
  if (!response.ok) {
    throw new AppError("validation_failed", `${url} answered HTTP ${response.status}.`, {
      url,
      status: response.status,
    });
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (/^text\/html|^application\/xhtml/i.test(contentType)) {
    await response.body?.cancel();
    throw new AppError("validation_failed", `${url} returned an HTML page, not a data file.`, {
      url,
      contentType,
    });
  }
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw tooLarge(url, limits.maxBytes);
  }
  const bytes = await readAtMost(response, limits.maxBytes, url);
  const content = new TextDecoder().decode(bytes);
  return {
    content,
    sha256: await sha256Hex(bytes),
    contentType,
    retrievedAt: new Date().toISOString(),
  };
}

async function readAtMost(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(url, maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(url: string, maxBytes: number): AppError {
  return new AppError(
    "validation_failed",
    `${url} is larger than the ${maxBytes}-byte import limit.`,
    {
      url,
      limitBytes: maxBytes,
    },
  );
}
