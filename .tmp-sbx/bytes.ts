import { readFileSync } from "node:fs";
import { openBetterSqlite } from "../test/support/better-sqlite-database";
const db = openBetterSqlite(readFileSync("catalog/chinook/Chinook_Sqlite.sqlite"));
console.log(db.query("SELECT count(*) n FROM Track"));
db.run("DELETE FROM InvoiceLine"); console.log(db.query("SELECT count(*) n FROM InvoiceLine"));
console.log(openBetterSqlite("catalog/chinook/Chinook_Sqlite.sqlite").query("SELECT count(*) n FROM InvoiceLine"));
