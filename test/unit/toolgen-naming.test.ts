// Names derived from schema identifiers: words, singular/plural entities, tool and argument names.
import { describe, expect, it } from "vitest";
import {
  argumentNames,
  entityNames,
  nameWords,
  referenceWords,
  snakeName,
  ToolNamer,
} from "../../core/toolgen/naming";

describe("toolgen naming", () => {
  it("splits CamelCase, acronyms, snake_case, spaces and quotes", () => {
    expect(nameWords("InvoiceLine")).toEqual(["invoice", "line"]);
    expect(nameWords("CustomerID")).toEqual(["customer", "id"]);
    expect(nameWords("HTTPRequestLog")).toEqual(["http", "request", "log"]);
    expect(nameWords('Weird "Team" Table')).toEqual(["weird", "team", "table"]);
    expect(snakeName("Order Details")).toBe("order_details");
    expect(snakeName("2021 sales")).toBe("c_2021_sales");
    expect(referenceWords("SupportRepId")).toBe("support_rep");
  });

  it("names entities in the singular and the plural", () => {
    expect(entityNames("InvoiceLine")).toMatchObject({
      singular: "invoice line",
      plural: "invoice lines",
    });
    expect(entityNames("Order Details")).toMatchObject({
      singularSnake: "order_detail",
      pluralSnake: "order_details",
    });
    expect(entityNames("Categories")).toMatchObject({ singular: "category", plural: "categories" });
    expect(entityNames("Address")).toMatchObject({ singular: "address", plural: "addresses" });
    expect(entityNames("Status")).toMatchObject({ singular: "status", plural: "statuses" });
    expect(entityNames("Boxes")).toMatchObject({ singular: "box", plural: "boxes" });
  });

  it("keeps tool names unique, snake_case and within 64 characters", () => {
    const namer = new ToolNamer();
    const long = `get_${"very_long_entity_name_".repeat(5)}`;
    const first = namer.take(long);
    const second = namer.take(long);
    expect(first.length).toBeLessThanOrEqual(64);
    expect(second).toMatch(/_2$/);
    expect(second.length).toBeLessThanOrEqual(64);
    expect(namer.take("get_x")).toBe("get_x");
    expect(namer.take("get_x")).toBe("get_x_2");
    expect(namer.take("9lives")).toBe("t_9lives");
  });

  it("gives each column a distinct argument name", () => {
    const names = argumentNames(["Order ID", "order_id", "limit"], ["limit", "offset"]);
    expect([...names.values()]).toEqual(["order_id", "order_id_2", "limit_2"]);
  });
});
