// What the seeded workspace has been talking about from Thursday 2 January to Monday 6 January
// 2025 (the episode clock starts at 09:00 UTC that Monday), plus the archived mobile-beta channel
// from November 2024: a release freeze, a checkout incident with its timeline, a billing
// migration review, customer escalations, product feedback and small talk, with threads and
// reactions. `{@handle}` and `{#channel}` become Slack mentions (`<@U…>`, `<#C…|name>`).

export interface ScriptedPost {
  /** UTC minute, `YYYY-MM-DD HH:MM`. */
  at: string;
  by: string;
  text: string;
  /** Emoji name -> handles, in the order they reacted. */
  react?: Record<string, string[]>;
  replies?: ScriptedPost[];
}

export const CONVERSATIONS: Record<string, readonly ScriptedPost[]> = {
  general: [
    {
      at: "2025-01-02 10:00",
      by: "omar",
      text: "Happy 2025 from the Dubai office! :sparkles:",
      react: { wave: ["kenji", "hannah"] },
    },
    {
      at: "2025-01-02 15:02",
      by: "priya",
      text: "Happy new year everyone! :tada: Reminder: the Insights 3.0 code freeze is Wednesday Jan 8. Please get your PRs reviewed by Tuesday EOD.",
      react: { tada: ["sofia", "marcus", "lukas", "hannah"], "+1": ["omar"] },
      replies: [
        {
          at: "2025-01-02 15:10",
          by: "sofia",
          text: "Happy new year! The release notes draft is in {#product}, comments welcome.",
        },
        {
          at: "2025-01-02 15:21",
          by: "marcus",
          text: "Noted. All billing migration PRs are up for review.",
        },
      ],
    },
    {
      at: "2025-01-02 17:30",
      by: "dana",
      text: "Welcome back! The Acme Logistics renewal call moved to Thursday Jan 9, 10am MT. I'll need a demo of the new dashboards by then.",
      react: { eyes: ["sofia"] },
      replies: [
        {
          at: "2025-01-02 17:41",
          by: "sofia",
          text: "{@hannah} can we use the staging build for that demo?",
        },
        {
          at: "2025-01-02 17:58",
          by: "hannah",
          text: "Yes, I'll prep a demo workspace with their sample data on Monday.",
          react: { pray: ["dana"] },
        },
      ],
    },
    {
      at: "2025-01-03 09:15",
      by: "hannah",
      text: "The design review for the onboarding checklist moved to Monday 2pm GMT, invite updated.",
      react: { "+1": ["lukas", "sofia"] },
    },
    {
      at: "2025-01-03 11:30",
      by: "sofia",
      text: "All-hands slides for next Thursday are in the shared drive. Please add your team's update by Wednesday.",
      react: { "+1": ["priya", "dana"] },
    },
    {
      at: "2025-01-03 21:04",
      by: "priya",
      text: "Thanks to {@kenji} and {@marcus} for jumping on today's checkout incident so quickly. Postmortem on Tuesday.",
      react: { pray: ["dana", "sofia", "omar", "lukas"], raised_hands: ["hannah"] },
    },
    {
      at: "2025-01-06 08:30",
      by: "claude",
      text: "Good morning! :sunny: Today: onboarding design review at 2pm GMT. Tuesday: Insights 3.0 go/no-go at 5pm UTC. Wednesday: code freeze.",
      react: { "+1": ["priya"] },
    },
    {
      at: "2025-01-06 08:41",
      by: "omar",
      text: "Heads up: the analytics warehouse is read-only tonight 22:00-23:00 UTC for the Snowflake upgrade.",
    },
  ],
  random: [
    {
      at: "2025-01-02 12:20",
      by: "lukas",
      text: "Anyone else's train back from the holidays 3 hours late? Deutsche Bahn never disappoints :upside_down_face:",
      react: { joy: ["hannah", "marcus"] },
      replies: [
        {
          at: "2025-01-02 12:31",
          by: "hannah",
          text: "Mine was cancelled outright, so you're winning.",
        },
      ],
    },
    {
      at: "2025-01-02 19:45",
      by: "marcus",
      text: "New year, new coffee machine on the 4th floor. It makes flat whites now.",
      react: { coffee: ["priya", "dana", "sofia"], heart_eyes: ["omar"] },
      replies: [
        {
          at: "2025-01-02 19:52",
          by: "priya",
          text: "Finally. Best engineering investment of 2025 so far.",
        },
        {
          at: "2025-01-02 20:03",
          by: "sofia",
          text: "Does it still beep at 6am for no reason?",
        },
        {
          at: "2025-01-02 20:05",
          by: "marcus",
          text: "Yes. Some things never change.",
          react: { joy: ["sofia"] },
        },
      ],
    },
    {
      at: "2025-01-03 13:10",
      by: "omar",
      text: "Photos from the new year fireworks over the Dubai Marina are in the team album :fireworks:",
      react: { fire: ["kenji", "lukas"], heart: ["hannah"] },
    },
    {
      at: "2025-01-03 20:30",
      by: "dana",
      text: "Who's in for the Denver ski trip in February? Reply in the thread and I'll book the lodge.",
      replies: [
        {
          at: "2025-01-03 20:40",
          by: "marcus",
          text: "In, if I can still stand on skis.",
        },
        {
          at: "2025-01-03 20:52",
          by: "priya",
          text: "Count me in for the lodge, not the slopes.",
        },
      ],
    },
    {
      at: "2025-01-04 10:22",
      by: "kenji",
      text: "Weekend project: finally moved my homelab to NixOS. Zero regrets so far.",
      react: { nerd_face: ["lukas"] },
      replies: [
        {
          at: "2025-01-04 10:40",
          by: "lukas",
          text: "Give it a month :sweat_smile:",
        },
      ],
    },
    {
      at: "2025-01-05 17:05",
      by: "hannah",
      text: 'Book club pick for January: "The Design of Everyday Things". First chat on the 24th.',
      react: { books: ["sofia", "dana"], "+1": ["priya"] },
    },
    {
      at: "2025-01-06 07:30",
      by: "hannah",
      text: "Monday mood :coffee:",
      react: { coffee: ["lukas"] },
    },
  ],
  engineering: [
    {
      at: "2025-01-02 09:40",
      by: "kenji",
      text: "Happy new year! I upgraded the staging Kubernetes cluster to 1.31 over the break, no issues so far. Shout if anything looks off.",
      react: { pray: ["lukas", "marcus"] },
    },
    {
      at: "2025-01-02 14:05",
      by: "marcus",
      text: "PR #2481 is ready for review: it moves invoice generation to the new billing service behind the `billing_v2` flag. {@priya} {@omar} I'd love eyes on the data migration part.",
      react: { eyes: ["priya", "omar"] },
      replies: [
        {
          at: "2025-01-02 14:40",
          by: "omar",
          text: "Looking now. The backfill query scans all of `invoices` without a date bound, can we batch it by month?",
        },
        {
          at: "2025-01-02 15:02",
          by: "marcus",
          text: "Good catch, pushed a fix that batches by month.",
        },
        {
          at: "2025-01-02 15:30",
          by: "omar",
          text: "LGTM :white_check_mark:",
        },
        {
          at: "2025-01-02 16:10",
          by: "priya",
          text: "Approved. Let's roll it out to 10% of workspaces on Monday.",
          react: { "+1": ["marcus"] },
        },
      ],
    },
    {
      at: "2025-01-02 16:45",
      by: "lukas",
      text: "Heads up: #2490 upgrades the dashboard to React 19. Storybook snapshots will churn, sorry in advance.",
      react: { sweat_smile: ["hannah"] },
      replies: [
        {
          at: "2025-01-02 17:02",
          by: "hannah",
          text: "Ping me before merging so I can re-check the chart tooltips.",
        },
      ],
    },
    {
      at: "2025-01-03 08:20",
      by: "kenji",
      text: "Deployed api 2025.01.03-1 to eu-west-1 and us-east-1. Error rates nominal.",
      react: { "+1": ["marcus"], rocket: ["priya"] },
    },
    {
      at: "2025-01-03 10:45",
      by: "lukas",
      text: "Question: are we still supporting Safari 15 for 3.0? The new chart library needs `structuredClone`.",
      replies: [
        {
          at: "2025-01-03 11:05",
          by: "priya",
          text: "Analytics says 0.4% of sessions are on Safari < 16. OK to drop it, but let's show an upgrade banner.",
        },
        {
          at: "2025-01-03 11:12",
          by: "lukas",
          text: "Sounds good, adding the banner to #2490.",
        },
      ],
    },
    {
      at: "2025-01-03 18:30",
      by: "priya",
      text: "The Insights 3.0 release checklist is pinned here. Owners, please fill in your status by Monday.",
      react: { white_check_mark: ["marcus", "lukas", "omar"] },
    },
    {
      at: "2025-01-03 19:40",
      by: "marcus",
      text: "Root cause of today's checkout errors: connection pool exhaustion in payments-api after the retry change in #2475. Reverted; #2493 adds a bounded retry budget.",
      replies: [
        {
          at: "2025-01-03 19:55",
          by: "kenji",
          text: "Adding a pool saturation alert so we catch this before customers do.",
        },
        {
          at: "2025-01-03 20:10",
          by: "priya",
          text: "Thanks both. Let's make sure #2493 gets a load test before it ships.",
        },
      ],
    },
    {
      at: "2025-01-04 15:00",
      by: "omar",
      text: "dbt models for the new usage dashboard are merged: `fct_workspace_usage` and `dim_plan`.",
      react: { "+1": ["sofia"] },
    },
    {
      at: "2025-01-05 22:15",
      by: "omar",
      text: "The nightly ETL took 3h10m last night, up from 1h40m. The new events table isn't partitioned. I'll fix it Monday.",
      react: { eyes: ["kenji"] },
      replies: [
        {
          at: "2025-01-05 23:02",
          by: "kenji",
          text: "Want me to bump the warehouse size for tonight's run as a stopgap?",
        },
        {
          at: "2025-01-05 23:10",
          by: "omar",
          text: "Yes please, XL for tonight only.",
        },
      ],
    },
    {
      at: "2025-01-06 07:55",
      by: "lukas",
      text: "Morning! CI is red on main: `chart-export.spec.ts` is flaky again. Quarantining it and opening a ticket.",
      react: { "+1": ["marcus"] },
    },
    {
      at: "2025-01-06 08:20",
      by: "kenji",
      text: "Reminder: I'm on call until Friday, then {@marcus} takes over.",
      react: { "+1": ["marcus"] },
    },
  ],
  product: [
    {
      at: "2025-01-02 16:00",
      by: "sofia",
      text: "Insights 3.0 release notes draft: https://docs.brightwave.io/d/insights-3-release-notes. Main items: scheduled reports, dashboard sharing, CSV export v2.",
      react: { eyes: ["hannah", "dana"] },
      replies: [
        {
          at: "2025-01-02 16:22",
          by: "dana",
          text: "Can we call out the SSO fix? Three enterprise customers asked for it.",
        },
        {
          at: "2025-01-02 16:35",
          by: "sofia",
          text: "Added under Fixes.",
        },
        {
          at: "2025-01-02 16:50",
          by: "hannah",
          text: "The screenshots need the new color palette, I'll send updated ones tomorrow.",
        },
      ],
    },
    {
      at: "2025-01-02 20:15",
      by: "sofia",
      text: "Customer interviews this month: 6 booked so far (Acme Logistics, Globex, Initech, Umbrella Health, Soylent Foods, Northwind Traders). Notes go to the research folder.",
      react: { raised_hands: ["hannah"] },
    },
    {
      at: "2025-01-03 15:30",
      by: "sofia",
      text: "Top feedback themes from December: 1) slow CSV exports (14 tickets), 2) no way to share dashboards outside the org (9), 3) confusing billing page (6).",
      react: { "+1": ["priya", "dana"] },
      replies: [
        {
          at: "2025-01-03 15:48",
          by: "priya",
          text: "CSV export v2 should fix 1). What's the plan for 3)?",
        },
        {
          at: "2025-01-03 16:02",
          by: "sofia",
          text: "The billing page redesign is in the Q1 plan, {@hannah} has early mocks.",
        },
      ],
    },
    {
      at: "2025-01-03 17:00",
      by: "hannah",
      text: "Mocks for the billing page redesign: https://www.figma.com/file/Bw8Lq2/billing-redesign. Feedback by Wednesday please.",
      react: { heart: ["sofia"], fire: ["lukas"] },
    },
    {
      at: "2025-01-05 19:30",
      by: "hannah",
      text: "Usability test for dashboard sharing: 7 of 8 participants found the share button, 14s on average. Full report tomorrow.",
      react: { tada: ["sofia", "lukas"] },
      replies: [
        {
          at: "2025-01-05 19:45",
          by: "sofia",
          text: "Great result, up from 3 of 8 in the first round!",
        },
      ],
    },
    {
      at: "2025-01-06 08:05",
      by: "sofia",
      text: "Go/no-go for Insights 3.0 is Tuesday 5pm UTC. Blocking issues: none so far. Open risks: the billing_v2 rollout and the React 19 upgrade.",
      react: { "+1": ["priya"] },
    },
  ],
  incidents: [
    {
      at: "2025-01-03 14:12",
      by: "kenji",
      text: ":rotating_light: INC-2025-001: elevated 5xx on the checkout API (~8% of requests) since 14:05 UTC. Investigating. IC: {@kenji}",
      react: { eyes: ["marcus", "priya", "claude"] },
      replies: [
        {
          at: "2025-01-03 14:20",
          by: "marcus",
          text: "payments-api pods are at max DB connections. Looks related to yesterday's retry change.",
        },
        {
          at: "2025-01-03 14:31",
          by: "kenji",
          text: "Rolling back payments-api to 2025.01.02-3.",
        },
        {
          at: "2025-01-03 14:44",
          by: "kenji",
          text: "Rollback complete, error rate back under 0.1%. Monitoring.",
        },
        {
          at: "2025-01-03 14:50",
          by: "dana",
          text: "Any customer impact I should communicate? Two tickets from Acme Logistics about failed payments.",
        },
        {
          at: "2025-01-03 15:05",
          by: "kenji",
          text: "About 40 minutes of partial checkout failures. Failed payments are retried automatically within 24h.",
        },
        {
          at: "2025-01-03 15:40",
          by: "kenji",
          text: "Resolved. Postmortem doc to follow.",
          react: { white_check_mark: ["priya", "marcus"] },
        },
      ],
    },
    {
      at: "2025-01-05 03:12",
      by: "kenji",
      text: "INC-2025-002: scheduled report emails delayed ~20 min by a stuck queue worker. Restarted it, the backlog is draining.",
      react: { "+1": ["omar"] },
      replies: [
        {
          at: "2025-01-05 03:35",
          by: "kenji",
          text: "Backlog cleared. Resolved.",
        },
      ],
    },
  ],
  "customer-success": [
    {
      at: "2025-01-02 18:10",
      by: "dana",
      text: "Acme Logistics ($84k ARR) renews on Jan 31. Their health score dropped to 62 because of CSV export timeouts. {@sofia} is CSV export v2 definitely in 3.0?",
      react: { eyes: ["sofia"] },
      replies: [
        {
          at: "2025-01-02 18:25",
          by: "sofia",
          text: "Yes, it's done and in QA. Exports over 1M rows go from ~6 min to under 1 min.",
        },
        {
          at: "2025-01-02 18:30",
          by: "dana",
          text: "Perfect, that's the headline for the renewal call.",
        },
      ],
    },
    {
      at: "2025-01-03 16:20",
      by: "dana",
      text: "Northwind Traders wants to add 40 seats in February. Sending the quote today.",
      react: { tada: ["priya", "sofia"], moneybag: ["marcus"] },
    },
    {
      at: "2025-01-03 19:00",
      by: "dana",
      text: "Globex reports an SSO login loop for users with uppercase emails (ticket #48213). {@marcus} is that the fix going out in 3.0?",
      replies: [
        {
          at: "2025-01-03 19:15",
          by: "marcus",
          text: "Yes, 3.0 lowercases emails before the SAML lookup. Workaround until then: log in with the lowercase email.",
        },
        {
          at: "2025-01-03 19:22",
          by: "dana",
          text: "Thanks, passing that on.",
        },
      ],
    },
    {
      at: "2025-01-06 08:35",
      by: "dana",
      text: "Initech churn risk: their champion left the company. Scheduling an exec sponsor call this week.",
      react: { eyes: ["priya", "sofia"] },
    },
    {
      at: "2025-01-06 08:50",
      by: "dana",
      text: "Weekly escalations: Acme Logistics (failed payments from Friday's incident, all retried OK), Globex (SSO login loop, fixed in 3.0). Nothing else open.",
    },
  ],
  "proj-mobile-beta": [
    {
      at: "2024-11-18 17:00",
      by: "lukas",
      text: "Mobile beta build 0.9.4 is on TestFlight. Please try offline mode and report crashes here.",
      react: { "+1": ["hannah", "sofia"] },
      replies: [
        {
          at: "2024-11-18 18:10",
          by: "tom.reilly",
          text: "Crash when opening a dashboard offline on iOS 17.5, filed MOB-212.",
        },
        {
          at: "2024-11-18 18:40",
          by: "lukas",
          text: "Thanks Tom, fixed in 0.9.5.",
        },
      ],
    },
    {
      at: "2024-11-29 16:00",
      by: "sofia",
      text: "The mobile app is live in both stores :rocket: Archiving this channel next week, thanks all!",
      react: { rocket: ["lukas", "hannah", "priya", "tom.reilly"], tada: ["dana"] },
    },
  ],
};
