// `llmConfigFrom`: null when no endpoint is configured, a parsed config when it is, and a clear
// error for a base URL that is not one.
import { describe, expect, it } from "vitest";
import { llmConfigFrom } from "../../core/llm/llm-config";

describe("llmConfigFrom", () => {
  it("is null without a base URL or a model", () => {
    expect(llmConfigFrom({})).toBeNull();
    expect(llmConfigFrom({ LLM_BASE_URL: "http://x/v1", LLM_MODEL: " " })).toBeNull();
    expect(llmConfigFrom({ LLM_MODEL: "m", LLM_API_KEY: "k" })).toBeNull();
  });

  it("reads the endpoint, trimming a trailing slash; the key may be absent", () => {
    expect(llmConfigFrom({ LLM_BASE_URL: "http://127.0.0.1:8000/v1/", LLM_MODEL: "qwen" })).toEqual(
      { baseUrl: "http://127.0.0.1:8000/v1", apiKey: "", model: "qwen" },
    );
  });

  it("rejects a base URL that is not http(s)", () => {
    expect(() => llmConfigFrom({ LLM_BASE_URL: "not a url", LLM_MODEL: "m" })).toThrow(
      /LLM settings are not usable/,
    );
  });
});
