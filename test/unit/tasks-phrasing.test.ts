// Instruction phrasing: per-tool intents from verbs, values and attributes in a user's words, and
// the leak checker validation relies on (tool names, raw column names, hidden values, the answer).
import { describe, expect, it } from "vitest";
import { instructionLeaks } from "../../core/tasks/phrasing/phrasing";
import { identifierWords, intentOf } from "../../core/tasks/phrasing/phrasing-intent";
import {
  formatValue,
  selectionPhrase,
  statedPhrase,
} from "../../core/tasks/phrasing/phrasing-values";
import { flagState } from "../../core/tasks/programs/program-condition";

describe("intents", () => {
  it.each([
    ["find", "read", "lookup"],
    ["list", "read", "list"],
    ["search", "read", "search"],
    ["sum", "read", "aggregate"],
    ["create", "write", "create"],
    ["add", "write", "add"],
    ["update", "write", "update"],
    ["reassign", "write", "assign"],
    ["delete", "write", "remove"],
    ["refund", "write", "refund"],
    ["set", "read", "read"],
    ["frobnicate", "write", "write"],
  ] as const)("%s (%s) is %s", (verb, effect, intent) => {
    expect(intentOf({ verb, effect })).toBe(intent);
  });

  it("names identifiers without the id", () => {
    expect(identifierWords("customerId")).toBe("customer");
    expect(identifierWords("invoice_line_id")).toBe("invoice line");
    expect(identifierWords("trackIds")).toBe("track");
  });
});

describe("values in words", () => {
  it("quotes names, keeps emails, phones and dates bare, drops midnight", () => {
    expect(formatValue("Go Down")).toBe('"Go Down"');
    expect(formatValue("luisg@embraer.com.br")).toBe("luisg@embraer.com.br");
    expect(formatValue("+49 0711 2842222")).toBe("+49 0711 2842222");
    expect(formatValue("2025-08-07 00:00:00")).toBe("2025-08-07");
    expect(formatValue([1, 2, 3])).toBe("1, 2 and 3");
  });

  it("says nothing for an empty object instead of ()", () => {
    expect(formatValue({})).toBe("nothing");
    expect(formatValue({ city: "Oslo" })).toBe("(city Oslo)");
  });

  it("reads a yes/no field stored as text as a flag", () => {
    expect(flagState(["0", "1", "0"], "1")).toBe(true);
    expect(flagState(["0", "1", "0"], "0")).toBe(false);
    expect(flagState(["True", "false"], "false")).toBe(false);
    expect(flagState(["N", "Y"], "y")).toBe(true);
    expect(flagState(["France", "Spain"], "France")).toBeUndefined();
    expect(flagState(["0", "1", "2"], "1")).toBeUndefined();
  });

  it("states arguments as a user would", () => {
    expect(statedPhrase("email", "a@b.c", false)).toBe("email a@b.c");
    expect(statedPhrase("query", "rosie", false)).toBe('matching "rosie"');
    expect(statedPhrase("maxPrice", 0.99, false)).toBe("price of at most 0.99");
    expect(statedPhrase("customerId", 5, true)).toBe("customer 5");
    expect(statedPhrase("trackIds", [1, 2], true)).toBe("tracks 1 and 2");
  });

  it("names one element by its attribute", () => {
    expect(selectionPhrase({ attr: "invoiceDate", value: "2025-08-07 00:00:00" }, "invoice")).toBe(
      "dated 2025-08-07",
    );
    expect(selectionPhrase({ attr: "name", value: "Margaret Park" }, "support rep")).toBe(
      'named "Margaret Park"',
    );
    expect(selectionPhrase({ attr: "email", value: "x@y.z" }, "customer")).toBe("with email x@y.z");
  });
});

describe("instructionLeaks", () => {
  const base = {
    toolNames: ["find_customer"],
    identifiers: ["CustomerId", "invoice_id"],
    hidden: [],
  };

  it("accepts a clean instruction", () => {
    const text =
      "Find the customer with email luisg@embraer.com.br. Tell me the total of the invoice dated 2025-08-07 of that customer.";
    expect(instructionLeaks(text, { ...base, hidden: [382, 1], answer: 8.91 })).toEqual([]);
  });

  it("flags tool names, raw names, code quotes, hidden values and the answer", () => {
    const text = "Call find_customer with CustomerId 382 and `invoice_id`, then report 8.91.";
    const reasons = instructionLeaks(text, { ...base, hidden: [382], answer: 8.91 });
    expect(reasons).toEqual(
      expect.arrayContaining([
        "names the tool find_customer",
        "uses the raw name CustomerId",
        "uses the raw name invoice_id",
        "contains code quotes",
        "gives the hidden value 382",
        "gives the answer 8.91",
      ]),
    );
  });

  it("matches numbers as whole numbers only", () => {
    const text = "Call +1 (403) 262-3443 about invoice 3823 from 2021-01-01.";
    expect(instructionLeaks(text, { ...base, hidden: [1, 382, 3443, 2021] })).toEqual([
      "gives the hidden value 2021",
    ]);
  });

  it("checks every element of a set answer, case-insensitively", () => {
    const text = "Tell me the names of the tracks on the album titled Let There Be Rock.";
    expect(instructionLeaks(text, { ...base, answer: ["go down", "Whole Lotta Rosie"] })).toEqual(
      [],
    );
    expect(instructionLeaks(text, { ...base, answer: ["let there be rock"] })).toHaveLength(1);
  });
});
