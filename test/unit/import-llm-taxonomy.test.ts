// The LLM taxonomy against a real OpenAI-compatible HTTP server with scripted answers: a category
// in the answer is used; prose, bad slugs and an endpoint that fails are refused with the reason,
// so the caller falls back to the keyword rules.
import { describe, expect, it } from "vitest";
import { classifyWithLlm } from "../../core/import/taxonomy/llm-taxonomy";
import { useScriptedLlm } from "../support/scripted-llm-client";
import { answer } from "../support/scripted-openai-server";

const scripted = useScriptedLlm("filer");
const llm = scripted.llm;

const source = {
  sourceName: "clinic.csv",
  tables: { visits: ["patient", "vet", "species", "visit_date"] },
  theme: "A veterinary practice.",
};

describe("LLM taxonomy", () => {
  it("uses the category the model answers, and shows it the tables and known categories", async () => {
    scripted
      .server()
      .enqueue(answer('{"domain": "health", "subdomain": "veterinary", "reason": "pet visits"}'));
    const result = await classifyWithLlm(llm(), source);
    expect(result).toMatchObject({
      ok: true,
      category: { domain: "health", subdomain: "veterinary" },
      reason: "pet visits",
    });
    const prompt = scripted.lastPrompt();
    expect(prompt).toContain("visits(patient, vet, species, visit_date)");
    expect(prompt).toContain("A veterinary practice.");
    expect(prompt).toContain("health/clinical");
  });

  it("refuses prose, bad slugs and a failing endpoint with the reason", async () => {
    scripted.server().enqueue(answer("It is clearly a vet clinic."));
    expect(await classifyWithLlm(llm(), source)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^no category in the answer/),
    });
    scripted.server().enqueue(answer('{"domain": "Health Care", "subdomain": "vets"}'));
    expect(await classifyWithLlm(llm(), source)).toMatchObject({
      ok: false,
      error: "not a category slug: Health Care/vets",
    });
    scripted.server().enqueue({ kind: "status", status: 503 });
    expect(await classifyWithLlm(llm(), source)).toMatchObject({ ok: false });
  });
});
