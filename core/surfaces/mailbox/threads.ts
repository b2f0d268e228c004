// The conversations in the seeded mailbox: 28 threads of work mail between Jordan Ellis and the
// people of people.ts from mid November 2024 to the morning of 6 January 2025
// (invoices, a moved meeting, release notes, travel bookings, a hire, cloud bills, a newsletter),
// each message with its sender, recipients, time (UTC), body, state and attachments.
import type { LabelKey, PersonKey } from "./people";

export interface SeedAttachment {
  filename: string;
  mimeType: string;
  size: number;
}

export interface ScriptedMail {
  from: PersonKey;
  to: PersonKey[];
  cc?: PersonKey[];
  /** `YYYY-MM-DD HH:MM`, UTC. */
  at: string;
  body: string;
  /** u unread, s starred, i important, a archived (out of the inbox), t trash, x spam, d draft. */
  flags?: string;
  attachments?: SeedAttachment[];
}

export interface ScriptedThread {
  subject: string;
  /** User labels every message of the thread carries. */
  labels?: LabelKey[];
  mails: ScriptedMail[];
}

const pdf = (filename: string, size: number): SeedAttachment => ({
  filename,
  mimeType: "application/pdf",
  size,
});

export const THREADS: readonly ScriptedThread[] = [
  {
    subject: "Q3 invoice INV-2024-0931",
    labels: ["finance", "cedar"],
    mails: [
      {
        from: "grace",
        to: ["jordan"],
        cc: ["priya"],
        at: "2024-11-18 09:14",
        body: "Hi Jordan,\n\nPlease find attached our remittance request for the Q3 invoice INV-2024-0931. Our system needs a purchase order number before we can release the payment.\n\nBest,\nGrace",
        attachments: [pdf("INV-2024-0931.pdf", 184_320)],
      },
      {
        from: "jordan",
        to: ["grace"],
        cc: ["priya"],
        at: "2024-11-18 11:02",
        body: "Hi Grace,\n\nThe purchase order number is CP-7781. Let me know if anything else is missing.\n\nThanks,\nJordan",
      },
      {
        from: "priya",
        to: ["jordan"],
        at: "2024-11-19 08:40",
        body: "Jordan, I booked the Q3 invoice against PO CP-7781. Cedar & Pine say payment will arrive by December 15.\n\nPriya",
        flags: "s",
      },
    ],
  },
  {
    subject: "Kestrel Cloud invoice for November 2024",
    labels: ["receipts"],
    mails: [
      {
        from: "kestrel",
        to: ["jordan"],
        at: "2024-12-01 06:00",
        body: "Your Kestrel Cloud invoice for November 2024 is ready. Amount due: $4,182.67. The amount will be charged to the card ending in 4421 on December 8.",
        flags: "a",
        attachments: [pdf("kestrel-invoice-2024-11.pdf", 96_256)],
      },
    ],
  },
  {
    subject: "Design review moved to Thursday",
    mails: [
      {
        from: "sofia",
        to: ["jordan", "marco", "hannah"],
        at: "2024-11-20 15:30",
        body: "Hi all,\n\nThe design review for the shipment tracker moves from Tuesday to Thursday at 14:00, room Aurora. Hannah will walk us through the new map view.\n\nSofia",
      },
      {
        from: "hannah",
        to: ["sofia"],
        cc: ["jordan", "marco"],
        at: "2024-11-20 16:05",
        body: "Thursday works. I will share the prototype link an hour before the review.",
      },
      {
        from: "marco",
        to: ["sofia"],
        cc: ["jordan", "hannah"],
        at: "2024-11-21 09:12",
        body: "I can only join from 14:30 on Thursday; please start without me and keep the API questions for the end.",
      },
    ],
  },
  {
    subject: "Release notes 4.2",
    labels: ["releases"],
    mails: [
      {
        from: "marco",
        to: ["jordan", "sofia"],
        at: "2024-11-25 17:45",
        body: "Release 4.2 is live. Highlights: bulk label printing, faster route exports and the new audit log. Known issue: CSV export drops the time zone; the fix ships in 4.2.1.",
        attachments: [pdf("release-4.2-notes.pdf", 220_160)],
      },
      {
        from: "jordan",
        to: ["marco"],
        cc: ["sofia"],
        at: "2024-11-25 18:10",
        body: "Great work. I will tell Cedar & Pine about the audit log; they asked for it in October.",
      },
    ],
  },
  {
    subject: "Flight booking confirmation LIS-BER",
    labels: ["travel"],
    mails: [
      {
        from: "northstar",
        to: ["jordan"],
        at: "2024-11-26 10:20",
        body: "Your booking NS-55812 is confirmed: Lisbon to Berlin on December 9 at 07:35, returning December 12 at 18:50. Seat 14C. Check in opens 24 hours before departure.",
        attachments: [pdf("NS-55812-itinerary.pdf", 74_752)],
      },
    ],
  },
  {
    subject: "Berlin trip: hotel and per diem",
    labels: ["travel"],
    mails: [
      {
        from: "daniel",
        to: ["jordan"],
        at: "2024-11-27 09:05",
        body: "Hi Jordan,\n\nI booked the Hotel Spreeblick for December 9 to 12. The per diem for Berlin is 58 euros a day; keep your receipts for the taxi rides.\n\nDaniel",
      },
      {
        from: "jordan",
        to: ["daniel"],
        at: "2024-11-27 09:40",
        body: "Thanks Daniel. Could you also book a meeting room near the hotel for the workshop on December 10?",
      },
      {
        from: "daniel",
        to: ["jordan"],
        at: "2024-11-27 13:15",
        body: "Done: the Kiez meeting room is reserved for December 10 from 09:00 to 17:00, five minutes from the hotel.",
      },
    ],
  },
  {
    subject: "Cedar & Pine onboarding workshop agenda",
    labels: ["cedar"],
    mails: [
      {
        from: "elena",
        to: ["jordan"],
        cc: ["samuel"],
        at: "2024-11-28 08:30",
        body: "Dear Jordan,\n\nHere is our proposed agenda for the onboarding workshop in Berlin: warehouse scanning in the morning, the dispatcher dashboard after lunch, and open questions at the end.\n\nKind regards,\nElena",
        attachments: [
          {
            filename: "workshop-agenda.docx",
            mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            size: 41_984,
          },
        ],
      },
      {
        from: "jordan",
        to: ["elena"],
        cc: ["samuel", "sofia"],
        at: "2024-11-28 10:15",
        body: "Thanks Elena, the agenda looks good. Sofia from our product team will join to collect feedback on the dispatcher dashboard.",
      },
      {
        from: "samuel",
        to: ["jordan"],
        cc: ["elena"],
        at: "2024-11-29 14:22",
        body: "Jordan, our IT team needs the list of IP ranges for the scanners before the workshop. Can your engineers send it by Friday?",
        flags: "i",
      },
      {
        from: "jordan",
        to: ["samuel"],
        cc: ["elena", "marco"],
        at: "2024-11-29 15:01",
        body: "Samuel, Marco will send the IP ranges by Friday. Marco, please copy me on it.",
      },
    ],
  },
  {
    subject: "Scanner IP ranges for Cedar & Pine",
    labels: ["cedar"],
    mails: [
      {
        from: "marco",
        to: ["samuel"],
        cc: ["jordan"],
        at: "2024-12-02 11:30",
        body: "Hi Samuel, the scanners connect from 10.24.16.0/22 and 10.24.32.0/24. They need outbound access on port 443 only.",
        attachments: [{ filename: "scanner-network.csv", mimeType: "text/csv", size: 2_150 }],
      },
      {
        from: "samuel",
        to: ["marco"],
        cc: ["jordan"],
        at: "2024-12-03 08:17",
        body: "Thanks Marco, the firewall rules are in place. We will test with two scanners on Wednesday.",
      },
    ],
  },
  {
    subject: "Candidate for the senior backend role",
    labels: ["hiring"],
    mails: [
      {
        from: "tom",
        to: ["jordan"],
        cc: ["marco"],
        at: "2024-12-02 09:50",
        body: "Jordan, a friend recommended Amira Haddad for the senior backend role. She led the payments platform at a logistics startup. CV attached.",
        attachments: [pdf("amira-haddad-cv.pdf", 132_096)],
      },
      {
        from: "marco",
        to: ["tom"],
        cc: ["jordan"],
        at: "2024-12-02 14:05",
        body: "Strong profile. I can do the technical interview on December 5 in the afternoon.",
      },
      {
        from: "jordan",
        to: ["tom", "marco"],
        at: "2024-12-02 16:30",
        body: "Let's invite her. Tom, please propose December 5 at 15:00 and send her the take-home exercise afterwards.",
      },
      {
        from: "tom",
        to: ["jordan"],
        cc: ["marco"],
        at: "2024-12-06 10:12",
        body: "Amira accepted the interview slot and finished the take-home exercise already. Marco has her results.",
        flags: "u",
      },
    ],
  },
  {
    subject: "Expense report for November",
    labels: ["finance"],
    mails: [
      {
        from: "priya",
        to: ["jordan"],
        at: "2024-12-03 12:00",
        body: "Hi Jordan, your expense report for November is missing the receipt for the client dinner on November 21. Could you upload it by Friday?",
        flags: "u",
      },
    ],
  },
  {
    subject: "Budget 2025 draft",
    labels: ["finance"],
    mails: [
      {
        from: "priya",
        to: ["jordan", "sofia"],
        at: "2024-12-04 16:45",
        body: "Attached is the first draft of the 2025 budget. Engineering headcount grows by three; the travel budget stays flat. Comments by December 13, please.",
        flags: "si",
        attachments: [
          {
            filename: "budget-2025-draft.xlsx",
            mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            size: 58_880,
          },
        ],
      },
      {
        from: "sofia",
        to: ["priya"],
        cc: ["jordan"],
        at: "2024-12-05 09:30",
        body: "Could we move part of the travel budget to user research? We plan four customer visits in the spring.",
      },
      {
        from: "priya",
        to: ["sofia"],
        cc: ["jordan"],
        at: "2024-12-05 11:20",
        body: "Possible if Jordan agrees. I would shift 6,000 euros from travel to research.",
        flags: "u",
      },
    ],
  },
  {
    subject: "The Product Digest: pricing experiments that worked",
    labels: ["newsletters"],
    mails: [
      {
        from: "digest",
        to: ["jordan"],
        at: "2024-12-05 07:00",
        body: "This week: three pricing experiments that worked, why annual plans win in logistics software, and a checklist for your next onboarding email.",
        flags: "ua",
      },
    ],
  },
  {
    subject: "Offsite venue options",
    mails: [
      {
        from: "daniel",
        to: ["jordan", "sofia"],
        at: "2024-12-06 14:10",
        body: "Three venue options for the January offsite: Quinta da Serra near Sintra, the Casa do Rio in Porto, and a farmhouse in Comporta. Prices and photos attached.",
        attachments: [pdf("offsite-venues.pdf", 512_000)],
      },
      {
        from: "sofia",
        to: ["daniel"],
        cc: ["jordan"],
        at: "2024-12-06 15:02",
        body: "Casa do Rio gets my vote: the train from Lisbon is easy and the rooms are large enough for workshops.",
      },
    ],
  },
  {
    subject: "Hotel receipt Hotel Spreeblick",
    labels: ["travel"],
    mails: [
      {
        from: "northstar",
        to: ["jordan"],
        at: "2024-12-12 09:30",
        body: "Thank you for staying with Hotel Spreeblick, booked through Northstar Travel. Your receipt for December 9 to 12 is attached. Total: 612.00 EUR.",
        flags: "u",
        attachments: [pdf("spreeblick-receipt.pdf", 61_440)],
      },
    ],
  },
  {
    subject: "Workshop follow-up: dispatcher dashboard feedback",
    labels: ["cedar"],
    mails: [
      {
        from: "elena",
        to: ["jordan"],
        cc: ["sofia"],
        at: "2024-12-13 10:05",
        body: "Jordan, thank you for the workshop. Our dispatchers want the map to remember their last filter and a shortcut to reassign a route. Notes attached.",
        flags: "s",
        attachments: [pdf("workshop-notes.pdf", 88_064)],
      },
      {
        from: "sofia",
        to: ["elena"],
        cc: ["jordan"],
        at: "2024-12-13 15:40",
        body: "Thanks Elena. Both requests are now on our roadmap; the saved filter should ship in January.",
      },
      {
        from: "elena",
        to: ["sofia"],
        cc: ["jordan"],
        at: "2024-12-16 08:55",
        body: "Wonderful news. Could you tell us the release date once it is fixed? Our training team needs two weeks of notice.",
        flags: "u",
      },
    ],
  },
  {
    subject: "Payment received for INV-2024-0931",
    labels: ["finance"],
    mails: [
      {
        from: "priya",
        to: ["jordan"],
        at: "2024-12-16 13:25",
        body: "Good news: Cedar & Pine paid the Q3 invoice in full yesterday. I have closed the receivable.",
      },
    ],
  },
  {
    subject: "Release notes 4.3",
    labels: ["releases"],
    mails: [
      {
        from: "marco",
        to: ["jordan", "sofia"],
        at: "2024-12-17 18:00",
        body: "Release 4.3 is out: saved map filters, route reassignment from the dispatcher board and a fix for the CSV time zone bug.",
        flags: "u",
        attachments: [pdf("release-4.3-notes.pdf", 198_656)],
      },
    ],
  },
  {
    subject: "Holiday schedule and on-call rota",
    mails: [
      {
        from: "marco",
        to: ["jordan"],
        at: "2024-12-18 10:00",
        body: "Here is the on-call rota for the holidays: Lukas covers December 23 to 27, Ines December 28 to January 1, and I take January 2 to 5.",
      },
      {
        from: "jordan",
        to: ["marco"],
        at: "2024-12-18 10:45",
        body: "Looks fair. Please post it in the engineering channel and add the escalation numbers.",
      },
    ],
  },
  {
    subject: "New icon set for the dispatcher board",
    mails: [
      {
        from: "hannah",
        to: ["jordan", "sofia"],
        at: "2024-12-09 11:25",
        body: "I finished the new icon set for the dispatcher board: 48 icons, all at 16 and 24 pixels. Preview attached; feedback welcome before Friday.",
        attachments: [{ filename: "dispatcher-icons.png", mimeType: "image/png", size: 356_352 }],
      },
      {
        from: "sofia",
        to: ["hannah"],
        cc: ["jordan"],
        at: "2024-12-09 13:50",
        body: "Lovely work. The truck and pallet icons are a bit close at 16 pixels; could you make the pallet one heavier?",
      },
      {
        from: "hannah",
        to: ["sofia"],
        cc: ["jordan"],
        at: "2024-12-10 09:05",
        body: "Updated the pallet icon and pushed the set to the design library.",
        flags: "u",
      },
    ],
  },
  {
    subject: "Security training due December 20",
    mails: [
      {
        from: "daniel",
        to: ["jordan", "marco", "priya", "sofia", "hannah", "tom"],
        at: "2024-12-11 08:00",
        body: "Reminder: everyone must finish the yearly security awareness training by December 20. It takes about forty minutes.",
        flags: "a",
      },
    ],
  },
  {
    subject: "Customer visits in Porto",
    mails: [
      {
        from: "sofia",
        to: ["jordan"],
        at: "2024-12-19 14:30",
        body: "I would like to visit two Cedar & Pine warehouses in Porto in February to watch the scanners in use. Could you ask Elena whether that works for them?",
      },
      {
        from: "jordan",
        to: ["elena"],
        cc: ["sofia"],
        at: "2024-12-19 16:00",
        body: "Hi Elena, Sofia would like to visit two of your Porto warehouses in February. Would the week of February 10 work?",
      },
      {
        from: "elena",
        to: ["jordan"],
        cc: ["sofia"],
        at: "2024-12-20 10:35",
        body: "That week works. The Matosinhos and Maia warehouses can host you on February 11 and 12.",
        flags: "s",
      },
    ],
  },
  {
    subject: "Kestrel Cloud invoice for December 2024",
    labels: ["receipts"],
    mails: [
      {
        from: "kestrel",
        to: ["jordan"],
        at: "2025-01-01 06:00",
        body: "Your Kestrel Cloud invoice for December 2024 is ready. Amount due: $4,530.12. The amount will be charged to the card ending in 4421 on January 8.",
        flags: "ua",
        attachments: [pdf("kestrel-invoice-2024-12.pdf", 97_280)],
      },
    ],
  },
  {
    subject: "The Product Digest: onboarding emails people read",
    labels: ["newsletters"],
    mails: [
      {
        from: "digest",
        to: ["jordan"],
        at: "2025-01-02 07:00",
        body: "This week: onboarding emails people actually read, a teardown of three logistics dashboards, and the year's best product talks.",
        flags: "ua",
      },
    ],
  },
  {
    subject: "Renewal quote for 2025",
    labels: ["cedar"],
    mails: [
      {
        from: "tom",
        to: ["jordan"],
        at: "2025-01-02 11:15",
        body: "Jordan, Cedar & Pine want the renewal quote by January 10. I propose 3 percent up on the license with the audit log included. Draft quote attached.",
        flags: "i",
        attachments: [pdf("cedar-pine-renewal-quote.pdf", 77_824)],
      },
      {
        from: "jordan",
        to: ["tom"],
        at: "2025-01-02 12:30",
        body: "Agreed on 3 percent. Please add the saved map filters to the feature list before you send it.",
      },
      {
        from: "elena",
        to: ["tom"],
        cc: ["jordan"],
        at: "2025-01-03 09:40",
        body: "Thank you for the renewal quote. Our procurement committee meets on January 14; I will confirm the order after that.",
        flags: "u",
      },
    ],
  },
  {
    subject: "Offsite travel plan",
    labels: ["travel"],
    mails: [
      {
        from: "daniel",
        to: ["jordan"],
        at: "2025-01-03 15:20",
        body: "The offsite at Casa do Rio is confirmed for January 22 to 24. Train tickets from Lisbon leave at 08:39; I will send everyone their tickets next week.",
        flags: "u",
      },
    ],
  },
  {
    subject: "Second interview with Amira Haddad",
    labels: ["hiring"],
    mails: [
      {
        from: "marco",
        to: ["jordan"],
        cc: ["tom"],
        at: "2025-01-03 17:05",
        body: "Amira did very well on the take-home exercise. I suggest a second interview with you and Sofia next week, ideally January 8.",
        flags: "ui",
      },
    ],
  },
  {
    subject: "Urgent: verify your mailbox",
    mails: [
      {
        from: "phisher",
        to: ["jordan"],
        at: "2025-01-04 22:10",
        body: "Your mailbox storage is full. Click here within 24 hours to verify your account or lose your messages.",
        flags: "ux",
      },
    ],
  },
  {
    subject: "Q4 invoice schedule",
    labels: ["finance"],
    mails: [
      {
        from: "grace",
        to: ["jordan"],
        cc: ["priya"],
        at: "2025-01-06 08:20",
        body: "Hi Jordan,\n\nFor the Q4 invoice, please send it to ap@cedarpine.com with the new PO number CP-8120. We pay on the 15th of each month.\n\nBest,\nGrace",
        flags: "u",
      },
      {
        from: "jordan",
        to: ["grace"],
        cc: ["priya"],
        at: "2025-01-06 08:45",
        body: "Hi Grace,\n\nNoted, thank you. Priya will send the Q4 invoice this week.\n\nJordan",
        flags: "d",
      },
    ],
  },
];
