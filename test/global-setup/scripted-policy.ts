// The scripted policy server for the workerd tests' rollouts (a real OpenAI-compatible HTTP server:
// the only test double allowed, for what is outside the product). Tests register scripts and read
// what was sent over HTTP (`/__scripts`, `/__requests`); see test/support/scripted-policy.ts.
import type { TestProject } from "vitest/node";
import { startScriptedPolicyServer } from "../support/scripted-policy";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The server's base URL *with* `/v1`, e.g. `http://127.0.0.1:40123/v1`: exactly what a policy's
     * `baseUrl` is set to. The control routes live at the root: `new URL("/__scripts", origin)`.
     */
    policyServerOrigin: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startScriptedPolicyServer();
  project.provide("policyServerOrigin", server.baseUrl);
  return () => server.close();
}
