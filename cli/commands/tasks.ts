// `agent-world tasks ...`: synthesize verifiable tasks, list, show and export them.
import type { CommandGroup } from "../command";
import { tasksExport } from "./tasks-export";
import { tasksList } from "./tasks-list";
import { tasksShow } from "./tasks-show";
import { tasksSynth } from "./tasks-synth";

export const tasksGroup: CommandGroup = {
  name: "tasks",
  summary: "Synthesize verifiable tasks on an environment, list, show and export them",
  commands: [tasksSynth, tasksList, tasksShow, tasksExport],
};
