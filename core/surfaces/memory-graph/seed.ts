// The knowledge graph a graph-memory server starts with: people, organisations, projects, events
// and a technology around a warehouse-robotics start-up, with observations and relations in active
// voice, as an assistant using @modelcontextprotocol/server-memory would have stored them. Fixed
// content (a memory is a record of facts, not noise), so every import seeds the same graph.
import type { SqlValue } from "../../environment/spec";

export interface GraphEntity {
  name: string;
  entityType: string;
  observations: string[];
}

export interface GraphRelation {
  from: string;
  to: string;
  relationType: string;
}

export interface KnowledgeGraph {
  entities: GraphEntity[];
  relations: GraphRelation[];
}

export const GRAPH_TABLES = {
  entities: "graph_entities",
  observations: "graph_observations",
  relations: "graph_relations",
} as const;

/** Entities and relations keep the order they were created in (`position`), as the server's file does. */
export const GRAPH_SCHEMA_SQL = `CREATE TABLE graph_entities (
  name TEXT NOT NULL PRIMARY KEY,
  entity_type TEXT NOT NULL,
  position INTEGER NOT NULL UNIQUE
);

CREATE TABLE graph_observations (
  entity TEXT NOT NULL REFERENCES graph_entities (name),
  position INTEGER NOT NULL,
  content TEXT NOT NULL,
  PRIMARY KEY (entity, position)
);

CREATE TABLE graph_relations (
  from_entity TEXT NOT NULL REFERENCES graph_entities (name),
  to_entity TEXT NOT NULL REFERENCES graph_entities (name),
  relation_type TEXT NOT NULL,
  position INTEGER NOT NULL UNIQUE,
  PRIMARY KEY (from_entity, to_entity, relation_type)
);

CREATE INDEX graph_relations_to ON graph_relations (to_entity);`;

export const GRAPH_COLUMNS = {
  entities: ["name", "entity_type", "position"],
  observations: ["entity", "position", "content"],
  relations: ["from_entity", "to_entity", "relation_type", "position"],
} as const;

const entity = (name: string, entityType: string, ...observations: string[]): GraphEntity => ({
  name,
  entityType,
  observations,
});

const ENTITIES: readonly GraphEntity[] = [
  entity(
    "Maya Chen",
    "person",
    "Staff software engineer at Helios Robotics",
    "Leads the perception team of Project Atlas",
    "Prefers written async updates over status meetings",
    "Speaks Mandarin and English",
  ),
  entity(
    "Daniel Okoye",
    "person",
    "VP of Engineering at Helios Robotics since 2019",
    "Previously a flight software manager at Boeing",
    "Runs a weekly architecture review on Thursdays",
  ),
  entity(
    "Laura Kim",
    "person",
    "CEO and co-founder of Helios Robotics",
    "Previously a product lead at Amazon Robotics",
    "Gave the keynote on warehouse autonomy at RoboBusiness 2024",
  ),
  entity(
    "Arjun Mehta",
    "person",
    "Machine learning engineer on Project Atlas",
    "Maintains the lidar calibration pipeline",
    "Joined Helios Robotics in August 2023 after a master's at Georgia Tech",
  ),
  entity(
    "Sofia Rossi",
    "person",
    "Partner at Northstar Ventures",
    "Led the Series B of Helios Robotics",
    "Sits on the Helios Robotics board",
  ),
  entity(
    "Tomás García",
    "person",
    "Procurement manager at Cargoline Logistics",
    "Main customer contact for the Project Atlas pilot",
    "Prefers email over calls",
  ),
  entity(
    "Emily Watson",
    "person",
    "Research scientist at the University of Washington Robotics Lab",
    "Co-authored a lidar SLAM paper with Maya Chen in 2022",
  ),
  entity(
    "Kwame Asante",
    "person",
    "Product manager for Project Beacon",
    "Worked in warehouse operations at Cargoline Logistics for four years",
    "Runs customer interviews every second Tuesday",
  ),
  entity(
    "Helios Robotics",
    "organization",
    "Builds autonomous forklifts for warehouses",
    "Headquartered in Seattle, Washington",
    "About 180 employees as of December 2024",
  ),
  entity(
    "Northstar Ventures",
    "organization",
    "Venture capital firm in San Francisco focused on industrial automation",
    "Closed its third fund at $400M in 2024",
  ),
  entity(
    "Cargoline Logistics",
    "organization",
    "Third-party logistics company with 35 warehouses in North America",
    "Pilot customer of Project Atlas since March 2024",
    "Renewal of the pilot contract is due in April 2025",
  ),
  entity(
    "University of Washington Robotics Lab",
    "organization",
    "Academic robotics research lab in Seattle",
    "Research partner of Helios Robotics on indoor localization",
  ),
  entity(
    "Voltera Batteries",
    "organization",
    "Supplies lithium iron phosphate battery packs for Helios forklifts",
    "Based in Austin, Texas",
    "Lead time on battery packs grew to 14 weeks in late 2024",
  ),
  entity(
    "Project Atlas",
    "project",
    "Autonomous navigation stack for Helios forklifts",
    "Pilot running in 3 Cargoline Logistics warehouses",
    "Target general availability is Q3 2025",
  ),
  entity(
    "Project Beacon",
    "project",
    "Fleet management dashboard for warehouse operators",
    "Beta planned for February 2025",
  ),
  entity(
    "Lidar Calibration Pipeline",
    "project",
    "Automated calibration of forklift lidar sensors",
    "Cut calibration time from 2 hours to 15 minutes per forklift",
  ),
  entity(
    "Series B",
    "event",
    "Helios Robotics raised $60M in June 2023",
    "Round led by Northstar Ventures",
  ),
  entity("RoboBusiness 2024", "event", "Robotics industry conference in Santa Clara, October 2024"),
  entity("Seattle", "location", "City in Washington state, USA", "Rainy from October to May"),
  entity(
    "ROS 2",
    "technology",
    "Open-source robotics middleware (Robot Operating System 2)",
    "Project Atlas runs the Humble release",
  ),
];

const relation = (from: string, relationType: string, to: string): GraphRelation => ({
  from,
  to,
  relationType,
});

const RELATIONS: readonly GraphRelation[] = [
  relation("Maya Chen", "works_at", "Helios Robotics"),
  relation("Maya Chen", "leads", "Project Atlas"),
  relation("Maya Chen", "reports_to", "Daniel Okoye"),
  relation("Maya Chen", "mentors", "Arjun Mehta"),
  relation("Maya Chen", "collaborates_with", "Emily Watson"),
  relation("Maya Chen", "lives_in", "Seattle"),
  relation("Daniel Okoye", "works_at", "Helios Robotics"),
  relation("Daniel Okoye", "reports_to", "Laura Kim"),
  relation("Laura Kim", "founded", "Helios Robotics"),
  relation("Laura Kim", "spoke_at", "RoboBusiness 2024"),
  relation("Arjun Mehta", "works_at", "Helios Robotics"),
  relation("Arjun Mehta", "contributes_to", "Project Atlas"),
  relation("Arjun Mehta", "maintains", "Lidar Calibration Pipeline"),
  relation("Sofia Rossi", "works_at", "Northstar Ventures"),
  relation("Sofia Rossi", "sits_on_board_of", "Helios Robotics"),
  relation("Northstar Ventures", "invested_in", "Helios Robotics"),
  relation("Northstar Ventures", "led", "Series B"),
  relation("Helios Robotics", "raised", "Series B"),
  relation("Helios Robotics", "headquartered_in", "Seattle"),
  relation("Helios Robotics", "develops", "Project Atlas"),
  relation("Helios Robotics", "develops", "Project Beacon"),
  relation("Helios Robotics", "partners_with", "University of Washington Robotics Lab"),
  relation("Helios Robotics", "buys_from", "Voltera Batteries"),
  relation("Tomás García", "works_at", "Cargoline Logistics"),
  relation("Tomás García", "coordinates", "Project Atlas"),
  relation("Cargoline Logistics", "pilots", "Project Atlas"),
  relation("Emily Watson", "works_at", "University of Washington Robotics Lab"),
  relation("University of Washington Robotics Lab", "located_in", "Seattle"),
  relation("Kwame Asante", "works_at", "Helios Robotics"),
  relation("Kwame Asante", "manages", "Project Beacon"),
  relation("Kwame Asante", "previously_worked_at", "Cargoline Logistics"),
  relation("Project Atlas", "uses", "ROS 2"),
  relation("Project Atlas", "depends_on", "Lidar Calibration Pipeline"),
  relation("Project Beacon", "integrates_with", "Project Atlas"),
];

/** A fresh copy of the seeded graph. */
export function seedGraph(): KnowledgeGraph {
  return {
    entities: ENTITIES.map((e) => ({ ...e, observations: [...e.observations] })),
    relations: RELATIONS.map((r) => ({ ...r })),
  };
}

/** The graph as rows of the three tables (positions from 1, in the graph's order). */
export function graphRows(graph: KnowledgeGraph): Record<keyof typeof GRAPH_TABLES, SqlValue[][]> {
  return {
    entities: graph.entities.map((e, i) => [e.name, e.entityType, i + 1]),
    observations: graph.entities.flatMap((e) => e.observations.map((o, i) => [e.name, i + 1, o])),
    relations: graph.relations.map((r, i) => [r.from, r.to, r.relationType, i + 1]),
  };
}
