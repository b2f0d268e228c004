// Who the seeded calendar belongs to and who meets with them: Jordan Ellis, a product lead at
// Brightlane in London (the account's owner), colleagues at Brightlane in London and New York,
// the customer Northwind Freight in New York, and the design agency Pixelfold.
import { staffAt } from "../kit/seed-people";

export interface Person {
  name: string;
  email: string;
}

export const PEOPLE = {
  ...staffAt("brightlane.io", "email", {
    jordan: "Jordan Ellis",
    priya: "Priya Natarajan",
    sam: "Sam Rivera",
    mei: "Mei Tanaka",
    tom: "Tom Becker",
    aisha: "Aisha Bello",
    lucas: "Lucas Ferreira",
  }),
  ...staffAt("northwindfreight.com", "email", {
    dana: "Dana Whitfield",
    omar: "Omar Haddad",
    grace: "Grace Kim",
  }),
  ...staffAt("pixelfold.design", "email", {
    elena: "Elena Rossi",
    ben: "Ben Carter",
  }),
} satisfies Record<string, Person>;

export type PersonKey = keyof typeof PEOPLE;

/** The account nickname the server knows the owner's Google account by. */
export const ACCOUNT_ID = "work";

export interface SeedCalendar {
  key: "primary" | "team" | "sam" | "holidays";
  id: string;
  summary: string;
  description: string | null;
  timeZone: string;
  accessRole: "owner" | "writer" | "reader" | "freeBusyReader";
  colorId: string;
  primary: boolean;
  defaultReminders: { method: "popup" | "email"; minutes: number }[];
}

/** Calendar list order, as Google lists them: the primary first. */
export const CALENDARS: readonly SeedCalendar[] = [
  {
    key: "primary",
    id: PEOPLE.jordan.email,
    summary: PEOPLE.jordan.email,
    description: null,
    timeZone: "Europe/London",
    accessRole: "owner",
    colorId: "14",
    primary: true,
    defaultReminders: [{ method: "popup", minutes: 10 }],
  },
  {
    key: "team",
    id: "c_4f1d7a9e2b6c8035@group.calendar.google.com",
    summary: "Product Team",
    description: "Sprint ceremonies, design reviews and offsites of the Brightlane product team",
    timeZone: "Europe/London",
    accessRole: "owner",
    colorId: "9",
    primary: false,
    defaultReminders: [],
  },
  {
    key: "sam",
    id: PEOPLE.sam.email,
    summary: PEOPLE.sam.email,
    description: null,
    timeZone: "America/New_York",
    accessRole: "reader",
    colorId: "7",
    primary: false,
    defaultReminders: [],
  },
  {
    key: "holidays",
    id: "en.usa#holiday@group.v.calendar.google.com",
    summary: "Holidays in United States",
    description: "Holidays and Observances in United States",
    timeZone: "America/New_York",
    accessRole: "reader",
    colorId: "8",
    primary: false,
    defaultReminders: [],
  },
];

/** Google's calendar palette: background of each calendar color id (foreground #000000). */
export const CALENDAR_BACKGROUNDS: Readonly<Record<string, string>> = {
  "1": "#ac725e",
  "2": "#d06b64",
  "3": "#f83a22",
  "4": "#fa573c",
  "5": "#ff7537",
  "6": "#ffad46",
  "7": "#42d692",
  "8": "#16a765",
  "9": "#7bd148",
  "10": "#b3dc6c",
  "11": "#fbe983",
  "12": "#fad165",
  "13": "#92e1c0",
  "14": "#9fe1e7",
  "15": "#9fc6e7",
  "16": "#4986e7",
  "17": "#9a9cff",
  "18": "#b99aff",
  "19": "#c2c2c2",
  "20": "#cabdbf",
  "21": "#cca6ac",
  "22": "#f691b2",
  "23": "#cd74e6",
  "24": "#a47ae2",
};

/** Google's event palette: background of each event color id (foreground #1d1d1d). */
export const EVENT_BACKGROUNDS: Readonly<Record<string, string>> = {
  "1": "#a4bdfc",
  "2": "#7ae7bf",
  "3": "#dbadff",
  "4": "#ff887c",
  "5": "#fbd75b",
  "6": "#ffb878",
  "7": "#46d6db",
  "8": "#e1e1e1",
  "9": "#5484ed",
  "10": "#51b749",
  "11": "#dc2127",
};
