// `agent-world episode ...`: open episodes, call their tools, inspect and reset them.
import type { CommandGroup } from "../command";
import { episodeCall } from "./episode-call";
import { episodeCreate } from "./episode-create";
import {
  episodeCalls,
  episodeDiff,
  episodeShow,
  episodeState,
  episodeTools,
} from "./episode-inspect";
import { episodeDelete, episodeReset } from "./episode-lifecycle";

export const episodeGroup: CommandGroup = {
  name: "episode",
  summary: "Open episodes, call their tools, and inspect their state (needs an API key)",
  commands: [
    episodeCreate,
    episodeCall,
    episodeShow,
    episodeTools,
    episodeState,
    episodeDiff,
    episodeCalls,
    episodeReset,
    episodeDelete,
  ],
};
