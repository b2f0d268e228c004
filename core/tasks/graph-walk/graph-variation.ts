// New values for write inputs that must not collide with existing rows (a new email, a new playlist
// name, another phone number): plausible variations of real values, drawn with the PRNG.
import type { Json } from "../../base/json";
import type { Prng } from "../../sandbox/determinism";
import { pick } from "./graph-random";

const NAME_SUFFIXES = ["Favourites", "Collection", "Selection", "Extra", "Mix", "Archive"];

export function varyValue(value: Json, rng: Prng): Json {
  if (typeof value === "number") {
    if (Number.isInteger(value)) return value + 1 + Math.floor(rng.next() * 3);
    return Math.round(value * (1.05 + rng.next() * 0.2) * 100) / 100;
  }
  if (typeof value !== "string" || value.trim() === "") return value;
  const at = value.indexOf("@");
  if (at > 0) return `${value.slice(0, at)}${10 + Math.floor(rng.next() * 90)}${value.slice(at)}`;
  if (/^[+()\d\s./-]{6,}$/.test(value) && /\d\D*\d$/.test(value)) {
    return value.replace(/\d(\D*)\d$/, (_m, sep: string) => `${digit(rng)}${sep}${digit(rng)}`);
  }
  return `${value} ${pick(rng, NAME_SUFFIXES) ?? "Extra"}`;
}

function digit(rng: Prng): string {
  return String(Math.floor(rng.next() * 10));
}
