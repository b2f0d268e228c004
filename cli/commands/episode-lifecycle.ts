// Changing an episode as a whole: `reset` (back to its initial data, step 0) and `delete`.
import { Episode, NoContent } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional } from "../command";
import { apiPath } from "../http-client";
import { printJson } from "../output";

export const episodeReset: Command = {
  name: "reset",
  summary: "Reset an episode to its initial data, step 0 and clock start",
  args: "<id>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const id = positional(input, 0);
    const episode = await client.request(Episode, "POST", apiPath`/v1/episodes/${id}/reset`);
    if (flagOption(input, "json")) printJson(out, episode);
    else out.print(`reset ${episode.id}: step ${episode.step}, clock ${episode.clock}`);
    return 0;
  },
};

export const episodeDelete: Command = {
  name: "delete",
  summary: "Delete an episode and its data",
  args: "<id>",
  arity: { min: 1, max: 1 },
  options: {},
  async run(input, { client, out }) {
    const id = positional(input, 0);
    await client.request(NoContent, "DELETE", apiPath`/v1/episodes/${id}`);
    out.print(`deleted ${id}`);
    return 0;
  },
};
