// A table referenced through a multi-column foreign key gets no delete tool (its reference check
// would miss those children); everything generated for it is still admitted.
import { describe, expect, it } from "vitest";
import { generateAndAdmit } from "../support/database-harness";

const schemaSql = `
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT NOT NULL);
CREATE TABLE order_items (order_id INTEGER NOT NULL REFERENCES orders(id), position INTEGER NOT NULL,
  sku TEXT NOT NULL, PRIMARY KEY (order_id, position));
CREATE TABLE item_options (order_id INTEGER NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL,
  value TEXT, PRIMARY KEY (order_id, position, name),
  FOREIGN KEY (order_id, position) REFERENCES order_items(order_id, position));`;

const seed = {
  tables: {
    orders: {
      columns: ["id", "customer"],
      rows: [
        [1, "ada"],
        [2, "bob"],
      ],
    },
    order_items: {
      columns: ["order_id", "position", "sku"],
      rows: [
        [1, 0, "A"],
        [1, 1, "B"],
        [2, 0, "C"],
      ],
    },
    item_options: {
      columns: ["order_id", "position", "name", "value"],
      rows: [
        [1, 0, "size", "L"],
        [2, 0, "colour", "red"],
      ],
    },
  },
};

describe("composite foreign keys", () => {
  it("skip the parent's delete tool with a reason and admit the rest", async () => {
    const generated = await generateAndAdmit(schemaSql, seed);
    try {
      const items = generated.report.tables.find((t) => t.table === "order_items");
      expect(items?.tools.map((t) => t.kind)).not.toContain("delete");
      expect(items?.skipped.find((s) => s.kind === "delete")?.reason).toMatch(
        /multi-column foreign key/,
      );
      expect(generated.admission.admitted, JSON.stringify(generated.admission.problems)).toBe(true);
    } finally {
      generated.close();
    }
  });
});
