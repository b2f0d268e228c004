// OpenEnv `schema`: JSON Schemas of the action, observation and state. The action schema is this
// episode's own: one alternative per tool, its arguments described by the tool's input schema.

import { z } from "zod";
import type { Json } from "../base/json";
import type { EpisodeToolDescription } from "../episode/episode-port";
import { OpenEnvStateSchema, StepObservationSchema } from "./openenv-schemas";

export interface OpenEnvSchemas {
  action: Record<string, Json>;
  observation: Record<string, unknown>;
  state: Record<string, unknown>;
}

export function openEnvSchemas(tools: readonly EpisodeToolDescription[]): OpenEnvSchemas {
  return {
    action: actionSchema(tools),
    observation: z.toJSONSchema(StepObservationSchema),
    state: z.toJSONSchema(OpenEnvStateSchema),
  };
}

function actionSchema(tools: readonly EpisodeToolDescription[]): Record<string, Json> {
  return {
    title: "Action",
    description:
      'Call one tool: {tool, arguments}. Also accepted: {type:"call_tool", tool_name, arguments}, {type:"list_tools"}, and an OpenAI tool call {type:"function", function:{name, arguments}}.',
    type: "object",
    oneOf: tools.map((tool) => ({
      type: "object",
      properties: {
        tool: { const: tool.name, description: tool.description },
        arguments: tool.inputSchema,
      },
      required: ["tool"],
      additionalProperties: false,
    })),
  };
}
