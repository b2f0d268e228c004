// The programmatic chat templates, reads then writes (program-reads.ts and
// program-writes.ts), in the order task-source.ts lists them.
import { PROGRAM_READS } from "./program-reads";
import { PROGRAM_WRITES } from "./program-writes";
import type { ChatTemplate } from "./template";

export const MESSAGING_PROGRAM_TEMPLATES: readonly ChatTemplate[] = [
  ...PROGRAM_READS,
  ...PROGRAM_WRITES,
];
