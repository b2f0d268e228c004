// Task source for environments of stand-alone utility tools (the MCP reference "everything"
// server): graph chains that read a value only one tool reveals and pass it to another (a
// resource's text into a gzip, its creation time into an echo, two readings into the sum), and
// programs that loop over resources, readings and settings with tests and totals. Templates are
// drawn in proportion to how many distinct tasks each can make here (capped), so the small ones
// (three cities, six variables, two settings) are not drawn into duplicates while the resource
// templates (100 numbered resources, each as Text and Blob) carry the volume.
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { byCappedWeight, firstBuilt, fittingTemplates } from "../../../tasks/template-draw";
import type { UtilityContext } from "./explore";
import {
  echoReading,
  echoSession,
  echoVariable,
  gzipReading,
  gzipVariable,
  sumReadings,
} from "./graph-records";
import { echoCreationTime, gzipResource, lastLinkedResource } from "./graph-resources";
import { utilityLens } from "./lens";
import { extremeReading, switchAllOn, totalWhere } from "./program-records";
import {
  countBeforeTime,
  countLinkedAfter,
  gzipCreatedAfter,
  gzipTotalSize,
  longestWait,
} from "./program-resources";
import type { UtilityTemplate } from "./template";

export const UTILITY_TEMPLATES: readonly UtilityTemplate[] = [
  gzipResource,
  echoCreationTime,
  lastLinkedResource,
  echoReading,
  sumReadings,
  gzipReading,
  echoVariable,
  gzipVariable,
  echoSession,
  countBeforeTime,
  longestWait,
  gzipCreatedAfter,
  gzipTotalSize,
  countLinkedAfter,
  totalWhere,
  extremeReading,
  switchAllOn,
];

/** Environments whose every tool is a utility of core/surfaces/everything-utility/. */
export const utilityTaskSource = lensTaskSource({
  name: "utilities",
  lens: utilityLens,
  unfit(lens) {
    const writes = UTILITY_TEMPLATES.filter((t) => t.maxWrites > 0 && t.capacity(lens) > 0);
    return (minWrites) => {
      if (minWrites === 0) return undefined;
      if (writes.length === 0) {
        return `none of this server's utilities changes state, so no task can make ${minWrites} write(s)`;
      }
      const most = Math.max(...writes.map((t) => t.maxWrites));
      return minWrites > most
        ? `a task here makes at most ${most} write(s) (one gzip per resource of a run, one switch per setting), not ${minWrites}`
        : undefined;
    };
  },
  drafter:
    (lens) =>
    ({ rng, runner }, kind, target) =>
      utilityTask({ lens, rng, runner }, kind, target),
});

/** One utility task of `kind`: templates drawn by capped weight until one builds. */
export function utilityTask(
  ctx: UtilityContext,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  const measure = {
    runs: () => true,
    capacity: (t: UtilityTemplate) => t.capacity(ctx.lens),
    maxWrites: (t: UtilityTemplate) => t.maxWrites,
  };
  const usable = fittingTemplates(UTILITY_TEMPLATES, kind, target, measure);
  if (usable.length === 0) {
    const most = Math.max(
      0,
      ...UTILITY_TEMPLATES.filter((t) => t.kind === kind && t.capacity(ctx.lens) > 0).map(
        (t) => t.maxWrites,
      ),
    );
    return {
      ok: false,
      reason: "no_template",
      detail:
        target.minWrites > most
          ? `no ${kind} task of this server makes ${target.minWrites} write(s): its ${kind} tasks make at most ${most}`
          : `no ${kind} template fits this server's utilities`,
    };
  }
  // No template is drawn more often than one that can make 150 tasks.
  return firstBuilt(byCappedWeight(ctx.rng, usable, 150, measure.capacity), (t) =>
    t.build(ctx, target),
  );
}
