// What every benchmark prints and writes alike: a Markdown table with padded columns (the first
// row is the header), and the machine it ran on.
import { cpus, loadavg } from "node:os";

export function markdownTable(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  const line = (r: readonly string[]) =>
    `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [head, ...body] = rows;
  const rule = `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`;
  return [line(head ?? []), rule, ...body.map(line)].join("\n");
}

export function machineInfo() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage: loadavg(),
  };
}
