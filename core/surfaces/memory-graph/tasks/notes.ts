// What write tasks put into a memory: new observations a user would ask an assistant to remember
// about a person, an organization or a project, and newcomers (a person, an organization, a
// project) with a first observation. Fixed lists, drawn with the synthesis PRNG; a draw skips
// what the memory already holds, so every write changes state.
import type { Prng } from "../../../sandbox/determinism";
import { shuffled } from "../../../tasks/graph-walk/graph-random";
import type { MemoryEntity, MemoryGraph } from "./model";

const NOTES: Record<string, readonly string[]> = {
  person: [
    "Prefers meetings before 11am",
    "On parental leave until March 2025",
    "Asked to be copied on the monthly investor update",
    "Moved to the Berlin office in January 2025",
    "Prefers Slack messages over email",
    "Presented at the January 2025 all-hands",
    "Is learning Spanish",
    "Out of office for the last two weeks of December",
    "Reviewed Q3",
  ],
  organization: [
    "Signed a three-year agreement with us in January 2025",
    "Switched to quarterly invoicing",
    "Opened a new office in Denver",
    "Requires two quotes for every purchase",
    "Hosted a site visit in November 2024",
    "Reviewed Q3",
  ],
  project: [
    "Reviewed Q3",
    "Code freeze starts on 3 March 2025",
    "Passed its security review in January 2025",
    "Needs two more engineers",
    "Demoed to the board in December 2024",
    "Budget approved for 2025",
  ],
  other: [
    "Reviewed Q3",
    "Flagged for follow-up at the next planning meeting",
    "Mentioned in the January 2025 board update",
  ],
};

const NEWCOMERS: Record<string, readonly { name: string; note: string }[]> = {
  person: [
    { name: "Priya Nair", note: "Joined as a field service engineer in January 2025" },
    { name: "Lucas Moreau", note: "Met at the Automate 2025 trade show" },
    { name: "Hannah Schmidt", note: "Hired as a safety compliance lead in February 2025" },
    { name: "Kenji Watanabe", note: "Introduced by email in December 2024" },
    { name: "Amara Okafor", note: "Started as a data engineer in January 2025" },
    { name: "Diego Fernández", note: "Speaks Spanish and Portuguese" },
    { name: "Olivia Brooks", note: "Contact for the 2025 pilot expansion" },
  ],
  organization: [
    { name: "Brightline Freight", note: "Regional trucking company in Oregon" },
    { name: "Keystone Automation", note: "Systems integrator for warehouse conveyors" },
    { name: "Polaris Capital", note: "Growth equity fund based in Boston" },
    { name: "Meridian Sensors", note: "Makes solid-state lidar units" },
  ],
  project: [
    { name: "Project Orion", note: "Outdoor yard navigation for forklifts" },
    { name: "Project Harbor", note: "Dock door scheduling service" },
    { name: "Battery Swap Station", note: "Automatic battery exchange for the fleet" },
  ],
};

const known = (type: string) => (type in NOTES ? type : "other");

/** A new observation for `entity` it does not hold yet, or undefined. */
export function newNote(rng: Prng, entity: MemoryEntity): string | undefined {
  const pool = NOTES[known(entity.type)] ?? [];
  return shuffled(rng, pool).find((note) => !entity.observations.includes(note));
}

/** A note that none of `entities` holds yet (so adding it to each changes every one). */
export function newNoteForAll(rng: Prng, entities: readonly MemoryEntity[]): string | undefined {
  const types = new Set(entities.map((e) => known(e.type)));
  const pool = types.size === 1 ? (NOTES[[...types][0] ?? "other"] ?? []) : (NOTES.other ?? []);
  return shuffled(rng, pool).find((note) => entities.every((e) => !e.observations.includes(note)));
}

/** The types a newcomer can be. */
export const NEWCOMER_TYPES = Object.keys(NEWCOMERS);

/** A newcomer of `type` whose name is not in the memory, or undefined. */
export function newcomer(
  rng: Prng,
  graph: MemoryGraph,
  type: string,
): { name: string; note: string } | undefined {
  return shuffled(rng, NEWCOMERS[type] ?? []).find((n) => !graph.byName.has(n.name));
}
