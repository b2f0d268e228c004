import { describe, expect, it } from "vitest";
import { classifySource } from "../../core/import/taxonomy/taxonomy";

describe("classifySource", () => {
  it("categorises by the keywords in table and column names", () => {
    expect(
      classifySource(["Album", "Artist", "Track", "InvoiceLine", "Customer"]).category,
    ).toEqual({
      domain: "commerce",
      subdomain: "music-store",
    });
    expect(classifySource(["employees", "departments", "salary"]).category).toEqual({
      domain: "business",
      subdomain: "hr",
    });
    expect(classifySource(["cities.csv", "city", "country", "population"]).category).toEqual({
      domain: "reference",
      subdomain: "geography",
    });
    expect(classifySource(["Order Details", "Products", "Suppliers"]).category.subdomain).toBe(
      "retail",
    );
  });

  it("says which keywords decided, and falls back to imported/general", () => {
    expect(classifySource(["patients", "appointments"]).matched).toEqual([
      "patient",
      "appointment",
    ]);
    expect(classifySource(["foo", "bar"])).toEqual({
      category: { domain: "imported", subdomain: "general" },
      matched: [],
    });
  });
});
