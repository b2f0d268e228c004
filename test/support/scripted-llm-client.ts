// For Node tests of one LLM step: a scripted OpenAI-compatible server started before the file's
// tests and closed after, and a client for it that makes one attempt per call (no retries), so a
// scripted failure is seen at once.
import { afterAll, beforeAll } from "vitest";
import type { LlmClient } from "../../core/llm/llm-client";
import { createOpenAiClient } from "../../core/llm/openai-client";
import { type ScriptedOpenAiServer, startScriptedOpenAiServer } from "./scripted-openai-server";

export function useScriptedLlm(model: string): {
  server(): ScriptedOpenAiServer;
  llm(): LlmClient;
  /** The prompt text of the latest request. */
  lastPrompt(): string;
} {
  let started: ScriptedOpenAiServer | undefined;
  beforeAll(async () => {
    started = await startScriptedOpenAiServer();
  });
  afterAll(() => started?.close());
  const server = () => {
    if (!started) throw new Error("the scripted server is not started yet");
    return started;
  };
  return {
    server,
    llm: () =>
      createOpenAiClient(
        { baseUrl: server().baseUrl, apiKey: "", model },
        { retry: { maxAttempts: 1 } },
      ),
    lastPrompt: () => server().promptText(server().requests.length - 1),
  };
}
