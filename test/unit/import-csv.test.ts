// The CSV importer: RFC 4180 parsing, delimiter sniffing, header names, type inference, keys, and
// ragged rows; the result loads into SQLite through the real seed loader.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { AppError } from "../../core/base/errors";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { importCsv } from "../../core/import/csv-import";
import { parseCsv, sniffDelimiter } from "../../core/import/csv-parse";
import type { ImportedData } from "../../core/import/imported-data";

function rowsOf(data: ImportedData, table: string) {
  return data.seed.tables[table]?.rows;
}

function catchAppError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, embedded newlines and CRLF, and counts lines", () => {
    const text = 'a,b\r\n"x, y","say ""hi"""\r\n"multi\r\nline",2\r\n\r\nlast,\r\n';
    expect(parseCsv(text, ",")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"'] },
      { line: 3, fields: ["multi\r\nline", "2"] },
      { line: 6, fields: ["last", null] },
    ]);
  });

  it("tells an empty unquoted field (NULL) from a quoted empty string", () => {
    expect(parseCsv('a,"",c\n,x,', ",")).toEqual([
      { line: 1, fields: ["a", "", "c"] },
      { line: 2, fields: [null, "x", null] },
    ]);
  });

  it("reads a file without a final newline, and lone CR line ends", () => {
    expect(parseCsv("a,b\r1,2", ",").map((r) => r.fields)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("names the line of a quote that is never closed", () => {
    const error = catchAppError(() => parseCsv('a,b\n1,2\n3,"open\nstill open\n', ","));
    expect(error.code).toBe("validation_failed");
    expect(error.message).toContain("line 3");
  });

  it("refuses text after a closing quote", () => {
    expect(() => parseCsv('a\n"x"y\n', ",")).toThrow(/line 2: unexpected "y"/);
  });

  it.each([
    [",", "a,b,c\n1,2,3\n"],
    [";", "a;b;c\n1,5;2;3\n"],
    ["\t", "a\tb\n1\t2\n"],
    ["|", "a|b|c\n1|2|3\n"],
    [",", "single\nvalue\n"],
  ])("sniffs %j", (delimiter, text) => {
    expect(sniffDelimiter(text)).toBe(delimiter);
  });
});

describe("importCsv", () => {
  it("imports a CSV with a BOM, sniffed delimiter and quoted newlines, and loads it", () => {
    const csv =
      '\uFEFFid;Name;price;when;ok\r\n1;"a ""quoted""\nname";1.5;2024-01-02;true\r\n2;;3;2024-01-03;FALSE\r\n';
    const data = importCsv(csv, { sourceName: "items.csv" });
    const [table] = data.report.tables;
    expect(table).toMatchObject({
      name: "items",
      rowCount: 2,
      primaryKey: ["id"],
      notes: ['delimiter ";" (detected)'],
    });
    expect(table?.columns.map((c) => [c.name, c.type, c.sqlType, c.nullable])).toEqual([
      ["id", "INTEGER", "INTEGER", false],
      ["Name", "TEXT", "TEXT", true],
      ["price", "REAL", "REAL", false],
      ["when", "DATE", "TEXT", false],
      ["ok", "BOOLEAN", "INTEGER", false],
    ]);
    expect(rowsOf(data, "items")).toEqual([
      [1, 'a "quoted"\nname', 1.5, "2024-01-02", 1],
      [2, null, 3, "2024-01-03", 0],
    ]);
    const db = openBetterSqlite();
    db.transaction(() => loadSchemaAndSeed(db, data.schemaSql, data.seed));
    expect(db.query('SELECT "Name" FROM items WHERE id = 1')).toEqual([
      { Name: 'a "quoted"\nname' },
    ]);
  });

  it("takes bytes, and refuses bytes that are not UTF-8", () => {
    const bytes = new TextEncoder().encode("id,name\n1,Zoë\n");
    expect(rowsOf(importCsv(bytes, { tableName: "t" }), "t")).toEqual([[1, "Zoë"]]);
    expect(() => importCsv(new Uint8Array([0x61, 0xff, 0x0a]))).toThrow(/not valid UTF-8/);
  });

  it("sanitises headers, makes empty and duplicate ones unique, and keeps the originals", () => {
    const data = importCsv("Unit Price ($),,name,Name,2024 sales,\n1,2,3,4,5,6\n", {
      tableName: "Order Details",
    });
    const [table] = data.report.tables;
    expect(table?.name).toBe("Order_Details");
    expect(table?.columns.map((c) => [c.name, c.originalName])).toEqual([
      ["Unit_Price", "Unit Price ($)"],
      ["column_2", ""],
      ["name", "name"],
      ["Name_2", "Name"],
      ["_2024_sales", "2024 sales"],
      ["column_6", ""],
    ]);
    const db = openBetterSqlite();
    db.transaction(() => loadSchemaAndSeed(db, data.schemaSql, data.seed));
    expect(db.query('SELECT count(*) AS n FROM "Order_Details"')).toEqual([{ n: 1 }]);
  });

  it("infers types over every row: leading zeros stay text, mixed kinds are reported", () => {
    const csv = [
      "zip,n,x,stamp,flag,mixed,empty",
      "02134,1,1,2024-01-02T10:00:00Z,true,1,",
      "10001,-2,2.5e3,2024-01-03 11:00,False,abc,",
      "94105,3,-0.5,2024-01-04,TRUE,2,",
    ].join("\n");
    const data = importCsv(csv, { tableName: "t" });
    const columns = data.report.tables[0]?.columns ?? [];
    expect(columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      "zip:TEXT",
      "n:INTEGER",
      "x:REAL",
      "stamp:DATETIME",
      "flag:BOOLEAN",
      "mixed:TEXT",
      "empty:TEXT",
    ]);
    expect(rowsOf(data, "t")?.[0]).toEqual(["02134", 1, 1, "2024-01-02T10:00:00Z", 1, "1", null]);
    expect(data.report.tables[0]?.warnings).toContain(
      "column mixed: mixed types (2 integer, 1 text) kept as TEXT",
    );
  });

  it.each([
    ["customers", "customer_id,name\n7,a\n8,b\n", ["customer_id"]],
    ["customers", "customersId,name\nx,a\ny,b\n", ["customersId"]],
    ["t", "ID,name\n1,a\n2,b\n", ["ID"]],
  ])("chooses the primary key of %s", (tableName, csv, key) => {
    expect(importCsv(csv, { tableName }).report.tables[0]?.primaryKey).toEqual(key);
  });

  it("falls back to a rowid table, and says why, when the id column repeats or is empty", () => {
    const repeated = importCsv("id,name\n1,a\n1,b\n", { tableName: "t" }).report.tables[0];
    expect(repeated?.primaryKey).toEqual([]);
    expect(repeated?.warnings.join()).toMatch(/id repeats 1 in row 2; stored as a rowid table/);
    const empty = importCsv("id,name\n1,a\n,b\n", { tableName: "t" }).report.tables[0];
    expect(empty?.warnings.join()).toMatch(/id is empty in row 2/);
    const none = importCsv("name\na\n", { tableName: "t" });
    expect(none.report.tables[0]?.warnings.join()).toMatch(/no column named id/);
    expect(none.schemaSql).not.toContain("PRIMARY KEY");
  });

  it("refuses ragged rows, naming the first bad lines (counted in source lines)", () => {
    const csv = 'a,b\n1,2\n"two\nlines",2,3\n4\n5,6\n';
    const error = catchAppError(() => importCsv(csv, { sourceName: "bad.csv" }));
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe(
      'bad.csv: 2 row(s) do not have the header\'s 2 fields (line 3 has 3, line 5 has 1). Fix them, or import with raggedRows: "pad".',
    );
    expect(error.details).toMatchObject({
      expectedFields: 2,
      rows: [
        { line: 3, fields: 3 },
        { line: 5, fields: 1 },
      ],
    });
  });

  it("pads short rows and truncates long ones when asked, with warnings", () => {
    const data = importCsv("a,b\n1,2\n3\n4,5,6\n7,8,\n", { tableName: "t", raggedRows: "pad" });
    expect(rowsOf(data, "t")).toEqual([
      [1, 2],
      [3, null],
      [4, 5],
      [7, 8],
    ]);
    expect(data.report.tables[0]?.warnings).toEqual(
      expect.arrayContaining([
        "1 short row(s) padded with NULL (first at line 3)",
        "2 long row(s) truncated to 2 fields, dropping values at line(s) 4",
      ]),
    );
  });

  it("refuses an empty file", () => {
    expect(() => importCsv("\n\n", { sourceName: "empty.csv" })).toThrow(/empty.csv is empty/);
  });

  it("imports a header-only file as an empty table", () => {
    const data = importCsv("id,name\n", { tableName: "t" });
    expect(data.report.tables[0]).toMatchObject({ rowCount: 0, primaryKey: ["id"] });
    const db = openBetterSqlite();
    db.transaction(() => loadSchemaAndSeed(db, data.schemaSql, data.seed));
  });
});
