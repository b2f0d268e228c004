// The shared phrasing every task source uses: days in the orders instructions write them, ISO-day
// arithmetic across month and year ends, and quoted names and articles.
import { describe, expect, it } from "vitest";
import { listPhrase, quoted, withArticle } from "../../core/tasks/phrasing/words";
import {
  addDays,
  dayMonthYear,
  dayMonthYearAt,
  monthDayYear,
  weekdayDayMonth,
  weekdayMonthDay,
} from "../../core/tasks/phrasing/words-dates";

describe("days in words", () => {
  it("writes an ISO day as day, month and year", () => {
    expect(dayMonthYear("2025-01-24")).toBe("24 January 2025");
    expect(dayMonthYear("2024-12-05")).toBe("5 December 2024");
  });

  it("writes a UTC instant as its day, month and year", () => {
    expect(dayMonthYearAt(Date.parse("2024-12-05T23:59:00Z"))).toBe("5 December 2024");
    expect(dayMonthYearAt(Date.parse("2025-03-01T00:00:00Z"))).toBe("1 March 2025");
  });

  it("writes month, day and year, ignoring a time of day", () => {
    expect(monthDayYear("2025-01-06")).toBe("January 6, 2025");
    expect(monthDayYear("2025-11-30T15:00:00.000Z")).toBe("November 30, 2025");
  });

  it("names the weekday in both orders calendars and chats use", () => {
    expect(weekdayMonthDay("2025-01-09")).toBe("Thursday, January 9");
    expect(weekdayDayMonth("2025-01-03")).toBe("Friday 3 January");
    expect(weekdayMonthDay("2024-12-29")).toBe("Sunday, December 29");
  });
});

describe("ISO-day arithmetic", () => {
  it("crosses month and year ends both ways", () => {
    expect(addDays("2024-12-30", 7)).toBe("2025-01-06");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-01-13", 0)).toBe("2025-01-13");
  });
});

describe("shared phrasing", () => {
  it("quotes names and picks the article by the first letter", () => {
    expect(quoted("Q3 report")).toBe('"Q3 report"');
    expect(withArticle("epic")).toBe("an epic");
    expect(withArticle("bug")).toBe("a bug");
    expect(withArticle("Organization")).toBe("an Organization");
  });

  it("joins lists the way a sentence does", () => {
    expect(listPhrase([])).toBe("");
    expect(listPhrase(["a"])).toBe("a");
    expect(listPhrase(["a", "b"])).toBe("a and b");
    expect(listPhrase(["a", "b", "c"])).toBe("a, b and c");
  });
});
