// The people and channels of the seeded chat workspace: a small analytics software company
// ("Brightwave") with eight colleagues in six time zones, a deactivated contractor, Slackbot and
// the app bot the agent posts as; six public channels and one archived project channel. Ids are
// Slack-shaped and drawn from the import's seeded generator, in creation order.
import type { Random } from "../kit/seed-values";

export interface ChatUser {
  id: string;
  /** The handle (`name` in Slack's API). */
  name: string;
  realName: string;
  displayName: string;
  /** Without accents, as Slack keeps them for search: `Sofía Álvarez` -> `Sofia Alvarez`. */
  realNameNormalized: string;
  displayNameNormalized: string;
  firstName: string;
  lastName: string;
  title: string;
  email: string | null;
  phone: string;
  tz: string | null;
  tzLabel: string | null;
  tzOffset: number | null;
  color: string;
  statusText: string;
  statusEmoji: string;
  avatarHash: string;
  /** An avatar URL with `{size}` where the image size goes. */
  imageUrl: string;
  isAdmin: boolean;
  isOwner: boolean;
  isPrimaryOwner: boolean;
  isBot: boolean;
  botId: string | null;
  appId: string | null;
  deleted: boolean;
  /** Unix seconds of the last profile change. */
  updated: number;
}

export interface ChatChannel {
  id: string;
  name: string;
  created: number;
  creator: string;
  isGeneral: boolean;
  isArchived: boolean;
  topic: string;
  topicCreator: string;
  topicLastSet: number;
  purpose: string;
  purposeCreator: string;
  purposeLastSet: number;
  numMembers: number;
  /** Unix milliseconds of the last change to the channel. */
  updated: number;
}

export interface WorkspacePeople {
  teamId: string;
  users: ChatUser[];
  channels: ChatChannel[];
  /** The app bot user the agent's messages and reactions come from. */
  bot: ChatUser;
  /** User id by handle. */
  userId(handle: string): string;
  /** Channel id by name. */
  channelId(name: string): string;
}

export const SLACKBOT_ID = "USLACKBOT";

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const plain = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

interface Person {
  handle: string;
  realName: string;
  displayName: string;
  title: string;
  phone: string;
  tz: [zone: string, label: string, offset: number];
  color: string;
  status?: [text: string, emoji: string];
  admin?: boolean;
  owner?: boolean;
  deleted?: boolean;
  updated: string;
}

const PACIFIC: Person["tz"] = ["America/Los_Angeles", "Pacific Standard Time", -28800];

const PEOPLE: readonly Person[] = [
  {
    handle: "priya",
    realName: "Priya Raman",
    displayName: "priya",
    title: "Engineering Manager, Platform",
    phone: "+1 415 555 0142",
    tz: PACIFIC,
    color: "9f69e7",
    admin: true,
    owner: true,
    updated: "2024-11-04T18:22:09Z",
  },
  {
    handle: "marcus",
    realName: "Marcus Bell",
    displayName: "Marcus",
    title: "Senior Backend Engineer",
    phone: "+1 646 555 0187",
    tz: ["America/New_York", "Eastern Standard Time", -18000],
    color: "4bbe2e",
    updated: "2024-09-17T14:03:51Z",
  },
  {
    handle: "sofia",
    realName: "Sofía Álvarez",
    displayName: "sofia.a",
    title: "Senior Product Manager",
    phone: "+1 312 555 0119",
    tz: ["America/Chicago", "Central Standard Time", -21600],
    color: "e7392d",
    updated: "2024-12-02T16:40:12Z",
  },
  {
    handle: "kenji",
    realName: "Kenji Watanabe",
    displayName: "kenji",
    title: "Site Reliability Engineer",
    phone: "+81 3 5550 1234",
    tz: ["Asia/Tokyo", "Japan Standard Time", 32400],
    color: "3c989f",
    status: ["On call until Fri", ":pager:"],
    updated: "2025-01-03T00:15:40Z",
  },
  {
    handle: "hannah",
    realName: "Hannah Okafor",
    displayName: "Hannah O.",
    title: "Senior Product Designer",
    phone: "+44 20 7946 0321",
    tz: ["Europe/London", "Greenwich Mean Time", 0],
    color: "e96699",
    updated: "2024-10-21T09:12:33Z",
  },
  {
    handle: "lukas",
    realName: "Lukas Becker",
    displayName: "",
    title: "Frontend Engineer",
    phone: "+49 30 5557 2290",
    tz: ["Europe/Berlin", "Central European Time", 3600],
    color: "e0a729",
    updated: "2024-08-30T07:55:02Z",
  },
  {
    handle: "dana",
    realName: "Dana Whitfield",
    displayName: "dana",
    title: "Head of Customer Success",
    phone: "+1 720 555 0164",
    tz: ["America/Denver", "Mountain Standard Time", -25200],
    color: "5b89d5",
    status: ["In customer calls until 2pm", ":telephone_receiver:"],
    admin: true,
    updated: "2025-01-06T08:10:00Z",
  },
  {
    handle: "omar",
    realName: "Omar Haddad",
    displayName: "omar",
    title: "Data Engineer",
    phone: "+971 4 555 0199",
    tz: ["Asia/Dubai", "Gulf Standard Time", 14400],
    color: "2b6836",
    updated: "2024-07-08T05:31:27Z",
  },
  {
    handle: "tom.reilly",
    realName: "Tom Reilly",
    displayName: "Tom (contractor)",
    title: "QA Engineer (contract)",
    phone: "",
    tz: ["America/New_York", "Eastern Standard Time", -18000],
    color: "dd8527",
    deleted: true,
    updated: "2024-12-20T22:00:03Z",
  },
];

interface ChannelPlan {
  name: string;
  created: string;
  creator: string;
  general?: boolean;
  archived?: boolean;
  topic: [text: string, by: string, at: string] | null;
  purpose: [text: string, by: string, at: string];
  members: number;
}

const CHANNELS: readonly ChannelPlan[] = [
  {
    name: "general",
    created: "2021-03-15T17:02:11Z",
    creator: "priya",
    general: true,
    topic: ["Company-wide announcements and work-based matters", "priya", "2021-03-15T17:02:11Z"],
    purpose: [
      "This is the one channel that will always include everyone. It’s a great spot for announcements and team-wide conversations.",
      "priya",
      "2021-03-15T17:02:11Z",
    ],
    members: 9,
  },
  {
    name: "random",
    created: "2021-03-15T17:02:11Z",
    creator: "priya",
    topic: null,
    purpose: [
      "This channel is for... well, everything else. It’s a place for team jokes, spur-of-the-moment ideas, and funny GIFs. Go wild!",
      "priya",
      "2021-03-15T17:02:11Z",
    ],
    members: 8,
  },
  {
    name: "engineering",
    created: "2021-03-16T09:45:30Z",
    creator: "priya",
    topic: ["Insights 3.0 code freeze Wed Jan 8 | on call: kenji", "priya", "2025-01-02T15:05:44Z"],
    purpose: [
      "Engineering discussion, code reviews and release coordination",
      "priya",
      "2021-03-16T09:45:30Z",
    ],
    members: 7,
  },
  {
    name: "product",
    created: "2021-05-04T13:20:05Z",
    creator: "sofia",
    topic: [
      "Q1 roadmap: scheduled reports, dashboard sharing, billing page",
      "sofia",
      "2024-12-16T17:31:09Z",
    ],
    purpose: ["Roadmap, specs and customer feedback triage", "sofia", "2021-05-04T13:20:05Z"],
    members: 6,
  },
  {
    name: "incidents",
    created: "2022-01-10T19:12:45Z",
    creator: "kenji",
    topic: [
      "Sev1/Sev2 only. Runbooks: https://wiki.brightwave.io/oncall",
      "kenji",
      "2024-06-11T02:04:18Z",
    ],
    purpose: [
      "Live incident coordination. One thread per incident, updates in the thread.",
      "kenji",
      "2022-01-10T19:12:45Z",
    ],
    members: 8,
  },
  {
    name: "customer-success",
    created: "2022-06-01T15:00:27Z",
    creator: "dana",
    topic: null,
    purpose: ["Escalations, renewals and customer health", "dana", "2022-06-01T15:00:27Z"],
    members: 5,
  },
  {
    name: "proj-mobile-beta",
    created: "2024-06-03T08:14:52Z",
    creator: "lukas",
    archived: true,
    topic: ["Beta 0.9.x on TestFlight and Play internal testing", "lukas", "2024-09-09T10:02:31Z"],
    purpose: ["Mobile app beta, shipped November 2024", "lukas", "2024-06-03T08:14:52Z"],
    members: 5,
  },
];

const ID_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";

/** `count` distinct Slack-shaped ids (`U05A1KQ2ZL8`), sorted so that creation order is id order. */
function slackIds(rnd: Random, prefix: string, count: number): string[] {
  const ids = new Set<string>();
  while (ids.size < count) {
    let id = `${prefix}0${5 + Math.floor(rnd() * 3)}`;
    for (let i = 0; i < 8; i++) id += ID_CHARS[Math.floor(rnd() * ID_CHARS.length)];
    ids.add(id);
  }
  return [...ids].sort();
}

const hex = (rnd: Random, n: number) =>
  Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join("");
const digits = (rnd: Random, n: number) =>
  Array.from({ length: n }, () => Math.floor(rnd() * 10)).join("");

export function seedPeople(rnd: Random): WorkspacePeople {
  const teamId = slackIds(rnd, "T", 1)[0] ?? "T05BRW8K2QX";
  const [botId = "B07", appId = "A07"] = [slackIds(rnd, "B", 1)[0], slackIds(rnd, "A", 1)[0]];
  const userIds = slackIds(rnd, "U", PEOPLE.length + 1);
  const avatar = (day: string) =>
    `https://avatars.slack-edge.com/${day}/${digits(rnd, 13)}_${hex(rnd, 20)}_{size}.jpg`;
  const users: ChatUser[] = PEOPLE.map((p, i) => {
    const [first = p.realName, ...rest] = p.realName.split(" ");
    return {
      id: userIds[i] ?? "",
      name: p.handle,
      realName: p.realName,
      displayName: p.displayName,
      realNameNormalized: plain(p.realName),
      displayNameNormalized: plain(p.displayName),
      firstName: first,
      lastName: rest.join(" "),
      title: p.title,
      email: `${p.handle.split(".")[0]}@brightwave.io`,
      phone: p.phone,
      tz: p.tz[0],
      tzLabel: p.tz[1],
      tzOffset: p.tz[2],
      color: p.color,
      statusText: p.status?.[0] ?? "",
      statusEmoji: p.status?.[1] ?? "",
      avatarHash: hex(rnd, 12),
      imageUrl: avatar(p.updated.slice(0, 10)),
      isAdmin: p.admin === true,
      isOwner: p.owner === true,
      isPrimaryOwner: p.owner === true,
      isBot: false,
      botId: null,
      appId: null,
      deleted: p.deleted === true,
      updated: unix(p.updated),
    };
  });
  const bot: ChatUser = {
    id: userIds[PEOPLE.length] ?? "",
    name: "claude",
    realName: "Claude",
    displayName: "",
    realNameNormalized: "Claude",
    displayNameNormalized: "",
    firstName: "Claude",
    lastName: "",
    title: "",
    email: null,
    phone: "",
    tz: PACIFIC[0],
    tzLabel: PACIFIC[1],
    tzOffset: PACIFIC[2],
    color: "e0a729",
    statusText: "",
    statusEmoji: "",
    avatarHash: hex(rnd, 12),
    imageUrl: `https://avatars.slack-edge.com/2024-09-02/${digits(rnd, 13)}_${hex(rnd, 20)}_{size}.png`,
    isAdmin: false,
    isOwner: false,
    isPrimaryOwner: false,
    isBot: true,
    botId,
    appId,
    deleted: false,
    updated: unix("2024-09-02T16:45:10Z"),
  };
  const slackbot: ChatUser = {
    ...bot,
    id: SLACKBOT_ID,
    name: "slackbot",
    realName: "Slackbot",
    displayName: "Slackbot",
    realNameNormalized: "Slackbot",
    displayNameNormalized: "Slackbot",
    firstName: "slackbot",
    color: "757575",
    avatarHash: "sv41d8cd98f0",
    imageUrl: "https://a.slack-edge.com/80588/img/slackbot_{size}.png",
    isBot: false,
    botId: null,
    appId: null,
    updated: 0,
  };
  users.push(bot, slackbot);
  const byHandle = new Map(users.map((u) => [u.name, u.id]));
  const userId = (handle: string) => {
    const id = byHandle.get(handle);
    if (id === undefined) throw new Error(`no seeded user ${handle}`);
    return id;
  };
  const channelIds = slackIds(rnd, "C", CHANNELS.length);
  const channels: ChatChannel[] = CHANNELS.map((c, i) => ({
    id: channelIds[i] ?? "",
    name: c.name,
    created: unix(c.created),
    creator: userId(c.creator),
    isGeneral: c.general === true,
    isArchived: c.archived === true,
    topic: c.topic?.[0] ?? "",
    topicCreator: c.topic ? userId(c.topic[1]) : "",
    topicLastSet: c.topic ? unix(c.topic[2]) : 0,
    purpose: c.purpose[0],
    purposeCreator: userId(c.purpose[1]),
    purposeLastSet: unix(c.purpose[2]),
    numMembers: c.members,
    updated: Date.parse(c.archived ? "2024-12-06T10:30:00Z" : (c.topic?.[2] ?? c.purpose[2])),
  }));
  const byName = new Map(channels.map((c) => [c.name, c.id]));
  const channelId = (name: string) => {
    const id = byName.get(name);
    if (id === undefined) throw new Error(`no seeded channel ${name}`);
    return id;
  };
  return { teamId, users, channels, bot, userId, channelId };
}
