// Toggles: a tool named `toggle-<setting>` / `toggle_<setting>` with no properties flips one
// boolean setting of the session. Each setting is a row of `utility_setting` (all off at the
// start, as on a fresh server); a call flips it, stamps `updated_at` and answers with the
// reference server's message for that setting, or a plain "Started/Stopped <what>" otherwise.
import {
  nameWords,
  propertiesOf,
  text,
  toolFunction,
  type UtilityContext,
  type UtilityKind,
  type UtilityTable,
} from "./kind";

export const SETTING_TABLE = "utility_setting";

/** The reference server's own messages, by setting (`toggle-<setting>`). */
const knownMessages: Record<string, (session: string) => { started: string; stopped: string }> = {
  "simulated-logging": (s) => ({
    started: `Started simulated, random-leveled logging for session ${s} at a 5 second pace. Client's selected logging level will be respected. If an interval elapses and the message to be sent is below the selected level, it will not be sent. Thus at higher chosen logging levels, messages should arrive further apart. `,
    stopped: `Stopped simulated logging for session ${s}`,
  }),
  "subscriber-updates": (s) => ({
    started: `Started simulated resource updated notifications for session ${s} at a 5 second pace. Client will receive updates for any resources the it is subscribed to.`,
    stopped: `Stopped simulated resource updates for session ${s}`,
  }),
};

function settingTable(context: UtilityContext): UtilityTable {
  return context.table(SETTING_TABLE, () => ({
    key: "setting",
    columns: ["setting", "tool", "enabled", "updated_at"],
    ddl: `CREATE TABLE "${SETTING_TABLE}" (\n  "setting" TEXT NOT NULL PRIMARY KEY,\n  "tool" TEXT NOT NULL,\n  "enabled" INTEGER NOT NULL CHECK ("enabled" IN (0, 1)),\n  "updated_at" TEXT\n);`,
    rows: [],
  }));
}

/** What the toggle switches, from "Toggles X on or off." or else from its name. */
function labelOf(description: string, setting: string): string {
  const said = /^\s*toggles\s+(.+?)\s+on\s+or\s+off\b/i.exec(description)?.[1];
  return said ?? setting.replace(/-/g, " ");
}

export const toggleKind: UtilityKind = {
  name: "toggle",
  matches(tool) {
    return (
      nameWords(tool)[0] === "toggle" &&
      nameWords(tool).length > 1 &&
      propertiesOf(tool).length === 0
    );
  },
  build(tool, context) {
    const table = settingTable(context);
    const taken = (key: string) => table.rows.some((r) => r[0] === key);
    let setting = nameWords(tool).slice(1).join("-");
    for (let n = 2; taken(setting); n++) setting = `${nameWords(tool).slice(1).join("-")}-${n}`;
    const label = labelOf(tool.original.description ?? "", setting);
    const messages = knownMessages[setting]?.(context.sessionId) ?? {
      started: `Started ${label} for session ${context.sessionId}`,
      stopped: `Stopped ${label} for session ${context.sessionId}`,
    };
    table.rows.push([setting, tool.original.name, 0, null]);
    return {
      effect: "write",
      table: SETTING_TABLE,
      implementation: (name) =>
        toolFunction(
          name,
          { setting, started: messages.started, stopped: messages.stopped },
          `const row = ctx.one('SELECT "enabled" FROM "${SETTING_TABLE}" WHERE "setting" = ?', [C.setting]);
  if (row === null) return ctx.fail("not_found", "setting " + C.setting + " was not found");
  const on = row.enabled !== 1;
  ctx.run('UPDATE "${SETTING_TABLE}" SET "enabled" = ?, "updated_at" = ? WHERE "setting" = ?', [on ? 1 : 0, ctx.now(), C.setting]);
  return { content: [{ type: "text", text: on ? C.started : C.stopped }] };`,
        ),
      tests: [
        {
          name: "turns the setting on from its initial off state",
          args: {},
          expect: {
            result: { content: [text(messages.started)] },
            match: "exact",
            changes: { [SETTING_TABLE]: { inserted: 0, updated: 1, deleted: 0 } },
          },
        },
      ],
    };
  },
};
