// `agent-world rollouts ...`: run batches of rollouts of a policy on tasks, follow, inspect,
// export and cancel them.
import type { CommandGroup } from "../command";
import { rolloutsExport } from "./rollouts-export";
import { rolloutsList } from "./rollouts-list";
import { rolloutsRun } from "./rollouts-run";
import { rolloutsShow } from "./rollouts-show";
import { rolloutsCancel, rolloutsStatus } from "./rollouts-status";

export const rolloutsGroup: CommandGroup = {
  name: "rollouts",
  summary: "Run batches of rollouts (a policy on tasks), follow, inspect, export and cancel them",
  commands: [
    rolloutsRun,
    rolloutsStatus,
    rolloutsList,
    rolloutsShow,
    rolloutsExport,
    rolloutsCancel,
  ],
};
