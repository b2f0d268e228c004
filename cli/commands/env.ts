// `agent-world env ...`: the environment catalog.
import type { CommandGroup } from "../command";
import { envImport } from "./env-import";
import { envList } from "./env-list";
import { envPublish } from "./env-publish";
import { envShow } from "./env-show";
import { envTools } from "./env-tools";
import { envYank } from "./env-yank";

export const envGroup: CommandGroup = {
  name: "env",
  summary: "Browse the environment catalog, publish, import and yank environments",
  commands: [envList, envShow, envTools, envPublish, envImport, envYank],
};
