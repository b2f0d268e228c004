// The task queue a task-manager server starts with: ten requests of a small software company's
// assistant, planned into 48 tasks and caught at different stages (two fully approved, one whose
// tasks are all approved but the request is not, one with done tasks waiting for approval, three
// half done, three just planned), with the notes left on finished work. Fixed content (a queue
// is a record of work, not noise), so every import seeds the same queue; ids are numbered as the
// real server numbers them (`req-1`, `task-1`...), in planning order.
import type { SqlValue } from "../../environment/spec";

export interface QueueTask {
  id: string;
  title: string;
  description: string;
  done: boolean;
  approved: boolean;
  completedDetails: string;
}

export interface QueueRequest {
  id: string;
  originalRequest: string;
  splitDetails: string;
  completed: boolean;
  tasks: QueueTask[];
}

export const WORKFLOW_TABLES = {
  requests: "workflow_requests",
  tasks: "workflow_tasks",
} as const;

/**
 * `number` is the id's numeric part: the next id is one above the highest in the table, as the
 * real server derives its counters from the ids in its file (so deleting the last task frees its id).
 */
export const WORKFLOW_SCHEMA_SQL = `CREATE TABLE workflow_requests (
  request_id TEXT NOT NULL PRIMARY KEY,
  number INTEGER NOT NULL UNIQUE,
  original_request TEXT NOT NULL,
  split_details TEXT NOT NULL,
  completed INTEGER NOT NULL CHECK (completed IN (0, 1))
);

CREATE TABLE workflow_tasks (
  task_id TEXT NOT NULL PRIMARY KEY,
  number INTEGER NOT NULL UNIQUE,
  request_id TEXT NOT NULL REFERENCES workflow_requests (request_id),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  done INTEGER NOT NULL CHECK (done IN (0, 1)),
  approved INTEGER NOT NULL CHECK (approved IN (0, 1)),
  completed_details TEXT NOT NULL
);

CREATE INDEX workflow_tasks_request ON workflow_tasks (request_id, number);`;

export const WORKFLOW_COLUMNS = {
  requests: ["request_id", "number", "original_request", "split_details", "completed"],
  tasks: [
    "task_id",
    "number",
    "request_id",
    "title",
    "description",
    "done",
    "approved",
    "completed_details",
  ],
} as const;

type Stage = "approved" | "done" | "pending";
type TaskLine = [title: string, description: string, stage: Stage, completedDetails?: string];
interface RequestPlan {
  originalRequest: string;
  /** The real server stores the request itself when no split details are given. */
  splitDetails?: string;
  completed?: boolean;
  tasks: TaskLine[];
}

const PLANS: readonly RequestPlan[] = [
  {
    originalRequest: "Set up continuous integration for the payments service",
    splitDetails:
      "Start from the shared GitHub Actions template, then add caching and make the checks required.",
    completed: true,
    tasks: [
      [
        "Add the GitHub Actions workflow",
        "Create a workflow that installs dependencies, lints and runs the unit tests on every pull request.",
        "approved",
        "Added the workflow from the shared template; it runs on pull requests and on pushes to main.",
      ],
      [
        "Cache dependencies between runs",
        "Cache the npm store keyed on the lockfile so builds stop downloading everything.",
        "approved",
        "Builds now restore the cache on most runs and finish in under four minutes.",
      ],
      [
        "Require checks before merging",
        "Mark the lint and test jobs as required in the branch protection rules for main.",
        "approved",
        "Branch protection on main now requires lint and test, admins included.",
      ],
    ],
  },
  {
    originalRequest: "Write the onboarding guide for new support agents",
    completed: true,
    tasks: [
      [
        "Outline the guide",
        "Agree on the sections with the support leads: tools, escalation paths and tone of voice.",
        "approved",
        "Outline agreed with Dana and Luis from the support leads.",
      ],
      [
        "Write the escalation section",
        "Describe when and how to escalate a ticket to engineering, with worked examples.",
        "approved",
        "Covers severity levels, the on-call rotation and three worked examples.",
      ],
      [
        "Add screenshots of the help desk",
        "Capture the ticket view, the macros and the customer history panel.",
        "approved",
        "Twelve annotated screenshots added to the tools chapter.",
      ],
      [
        "Publish the guide in the wiki",
        "Move the draft to the Support space and link it from the team home page.",
        "approved",
        "Published under Support > Onboarding and linked from the team home page.",
      ],
    ],
  },
  {
    originalRequest: "Add dark mode to the web app settings page",
    splitDetails:
      "Palette first, then the toggle, then replace hard-coded colors and test in every browser we support.",
    tasks: [
      [
        "Define the dark color palette",
        "Pick background, surface and text colors that meet WCAG AA contrast.",
        "approved",
        "Palette added to the design tokens; every text and background pair passes AA.",
      ],
      [
        "Add the theme toggle",
        "Add a Light, Dark and System switch to the Appearance section of the settings page.",
        "approved",
        "The toggle remembers the choice in local storage and follows the system setting by default.",
      ],
      [
        "Fix hard-coded colors",
        "Replace hard-coded hex colors in the dashboard components with theme tokens.",
        "approved",
        "Replaced the colors in the dashboard, the charts and the modals.",
      ],
      [
        "Test dark mode in Safari and Firefox",
        "Check the settings page, the dashboard and the modals in both browsers on desktop and mobile.",
        "approved",
        "Only a chart legend color was off; fixed in the same branch.",
      ],
    ],
  },
  {
    originalRequest: "Migrate user sessions from Redis to Postgres",
    splitDetails: "Dual-write first, backfill, switch reads, and only then remove the Redis code.",
    tasks: [
      [
        "Create the sessions table",
        "Add a migration for a sessions table with an index on the expiry time.",
        "approved",
        "Migration merged with an index on the expiry column.",
      ],
      [
        "Write sessions to both stores",
        "Write every new session to Redis and Postgres behind the dual-write flag.",
        "approved",
        "Dual writes are on in staging and production with no errors for two days.",
      ],
      [
        "Backfill existing sessions",
        "Copy the active sessions from Redis to Postgres with the backfill script.",
        "done",
        "Backfilled all active sessions; the counts match between the two stores.",
      ],
      [
        "Switch reads to Postgres",
        "Flip the read path to Postgres and watch the login error rate for a day.",
        "done",
        "Reads switched on Tuesday; the login error rate did not change.",
      ],
      [
        "Remove the Redis session code",
        "Delete the Redis session store and the dual-write flag once reads are stable.",
        "done",
        "Removed the Redis store, the flag and their tests.",
      ],
    ],
  },
  {
    originalRequest: "Prepare the quarterly business review for Acme Logistics",
    tasks: [
      [
        "Pull the usage numbers",
        "Export monthly active users, tracked shipments and API calls for the quarter from the analytics dashboard.",
        "approved",
        "Exported to the review sheet; usage grew on all three measures.",
      ],
      [
        "Summarize the support tickets",
        "Group the customer's tickets of the quarter by topic and note anything still open.",
        "approved",
        "Most tickets were about label printing; none is still open.",
      ],
      [
        "Draft the slide deck",
        "Build the deck from the business review template: usage, support, roadmap and renewal.",
        "done",
        "Draft deck shared with the account team for comments.",
      ],
      [
        "Review the deck with the account manager",
        "Walk through the draft with Priya and collect her changes.",
        "pending",
      ],
      [
        "Send the agenda to the customer",
        "Email the agenda and the meeting link to the customer's operations lead.",
        "pending",
      ],
      [
        "Book a meeting room",
        "Reserve a room with video conferencing for the day of the review.",
        "pending",
      ],
    ],
  },
  {
    originalRequest: "Fix the flaky checkout end-to-end tests",
    splitDetails:
      "Find out why they fail before changing anything, then fix the causes one by one.",
    tasks: [
      [
        "Collect the failing runs",
        "List last month's checkout test failures from the CI history and group them by error.",
        "approved",
        "Most failures are timeouts while waiting for the payment iframe.",
      ],
      [
        "Stub the payment provider",
        "Replace calls to the payment sandbox with a local stub in the end-to-end environment.",
        "pending",
      ],
      [
        "Wait for network idle before asserting",
        "Replace the fixed sleeps in the checkout tests with waits for network idle.",
        "pending",
      ],
      [
        "Quarantine the remaining flaky tests",
        "Tag the tests that still fail now and then so they run in a separate job that does not block merges.",
        "pending",
      ],
      [
        "Write up the findings",
        "Summarize the causes and the fixes in the engineering channel.",
        "pending",
      ],
    ],
  },
  {
    originalRequest: "Launch the spring newsletter",
    tasks: [
      [
        "Write the newsletter copy",
        "Draft the intro, the product updates and the customer story.",
        "pending",
      ],
      [
        "Design the email template",
        "Adapt the brand template to the spring colors and check it on mobile.",
        "pending",
      ],
      [
        "Segment the mailing list",
        "Create segments for customers, trial users and partners in the email tool.",
        "pending",
      ],
      [
        "Schedule the send",
        "Schedule the send for Tuesday morning in each segment's time zone.",
        "pending",
      ],
      [
        "Review the open rates",
        "Compare open and click rates with the winter newsletter a week after sending.",
        "pending",
      ],
    ],
  },
  {
    originalRequest: "Upgrade the mobile app to the latest React Native",
    splitDetails:
      "Read the upgrade guide, bump native libraries, get both platforms building, then run the regression checklist.",
    tasks: [
      [
        "Read the upgrade guide",
        "List the breaking changes between our version and the latest release.",
        "pending",
      ],
      [
        "Update the native dependencies",
        "Bump the camera, maps and push notification libraries to versions that support the new release.",
        "pending",
      ],
      [
        "Fix the iOS build",
        "Resolve the CocoaPods and Xcode build errors after the upgrade.",
        "pending",
      ],
      [
        "Fix the Android build",
        "Resolve the Gradle and Kotlin build errors after the upgrade.",
        "pending",
      ],
      [
        "Run the regression checklist",
        "Run the manual regression checklist on a physical iPhone and an Android phone.",
        "pending",
      ],
    ],
  },
  {
    originalRequest: "Organize the team offsite in Lisbon",
    tasks: [
      [
        "Pick the dates",
        "Poll the team on two possible weeks in June and pick the one most people can make.",
        "approved",
        "Most people can make the second week of June.",
      ],
      [
        "Book the venue",
        "Reserve a meeting space for the whole team for three days.",
        "approved",
        "Booked the rooftop space at LX Factory from Tuesday to Thursday.",
      ],
      [
        "Book the hotel",
        "Block hotel rooms within walking distance of the venue.",
        "approved",
        "Rooms held at Hotel Lumen until the end of April.",
      ],
      [
        "Plan the agenda",
        "Draft an agenda that mixes planning sessions with team activities.",
        "done",
        "Agenda draft shared in the offsite doc, with Friday afternoon left free.",
      ],
      [
        "Arrange the team dinner",
        "Find a restaurant that can seat the whole team on the second evening.",
        "pending",
      ],
      [
        "Send the travel details",
        "Email flights, hotel and venue details to everyone coming.",
        "pending",
      ],
    ],
  },
  {
    originalRequest: "Add two-factor authentication to the admin console",
    tasks: [
      [
        "Choose the second factor",
        "Decide between authenticator apps and security keys, or support both.",
        "pending",
      ],
      [
        "Build the enrollment flow",
        "Let admins scan a QR code and confirm a code from their app to enroll.",
        "pending",
      ],
      [
        "Require the second factor at login",
        "Ask for the second factor after the password on every admin login.",
        "pending",
      ],
      [
        "Add recovery codes",
        "Generate one-time recovery codes at enrollment and let admins regenerate them.",
        "pending",
      ],
      [
        "Update the security handbook",
        "Describe the new login flow and the recovery steps in the admin handbook.",
        "pending",
      ],
    ],
  },
];

/** A fresh copy of the seeded queue, numbered in planning order. */
export function seedQueue(): QueueRequest[] {
  let taskNumber = 0;
  return PLANS.map((plan, i) => ({
    id: `req-${i + 1}`,
    originalRequest: plan.originalRequest,
    splitDetails: plan.splitDetails ?? plan.originalRequest,
    completed: plan.completed === true,
    tasks: plan.tasks.map(([title, description, stage, completedDetails]) => {
      taskNumber += 1;
      return {
        id: `task-${taskNumber}`,
        title,
        description,
        done: stage !== "pending",
        approved: stage === "approved",
        completedDetails: completedDetails ?? "",
      };
    }),
  }));
}

const flag = (value: boolean) => (value ? 1 : 0);
const numberOf = (id: string) => Number(id.slice(id.indexOf("-") + 1));

/** The queue as rows of the two tables. */
export function queueRows(
  queue: readonly QueueRequest[],
): Record<keyof typeof WORKFLOW_TABLES, SqlValue[][]> {
  return {
    requests: queue.map((r) => [
      r.id,
      numberOf(r.id),
      r.originalRequest,
      r.splitDetails,
      flag(r.completed),
    ]),
    tasks: queue.flatMap((r) =>
      r.tasks.map((t) => [
        t.id,
        numberOf(t.id),
        r.id,
        t.title,
        t.description,
        flag(t.done),
        flag(t.approved),
        t.completedDetails,
      ]),
    ),
  };
}
