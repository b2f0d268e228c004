// The provenance an environment built on a served database inherits (surface.ts): one entry
// naming the environment whose tables and rows the SQL tools run on, then that environment's own
// sources (its generated-tools entries left out: those tools are not served).
import type { Provenance } from "../../environment/spec";

export function servedDatabaseProvenance(
  source: string,
  provenance: readonly Provenance[],
  contentHash?: string,
): Provenance[] {
  const inherited = provenance.filter((p) => p.kind !== "generated");
  const licenses = [...new Set(inherited.map((p) => p.license))];
  return [
    {
      kind: "dataset",
      name: `${source} (the database the SQL tools run on)`,
      license: licenses.join(" AND ") || "unspecified",
      notes: `The schema and rows of the environment ${source}${contentHash ? ` (content ${contentHash})` : ""}, served as they are.`,
    },
    ...inherited.map((p) => ({
      ...p,
      notes: `Source of ${source}'s rows.${p.notes ? ` ${p.notes}` : ""}`,
    })),
  ];
}
