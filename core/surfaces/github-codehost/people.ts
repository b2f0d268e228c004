// The people of the seeded code host: the Harborlight organization, the twelve developers who work
// in its repositories, and the account the agent acts as (the token's owner, who creates
// repositories, forks into its own account, and authors the issues, comments, reviews and commits
// it makes). Fixed content, so every import seeds the same accounts; numeric ids are GitHub-like.

export interface HostAccount {
  login: string;
  id: number;
  type: "User" | "Organization";
  name: string;
  company: string;
  location: string;
  bio: string;
  email: string;
  followers: number;
  createdAt: string;
}

export const ORG_LOGIN = "harborlight";

const person = (
  login: string,
  id: number,
  name: string,
  location: string,
  bio: string,
  followers: number,
  createdAt: string,
): HostAccount => ({
  login,
  id,
  type: "User",
  name,
  company: "@harborlight",
  location,
  bio,
  email: `${login.split("-")[0]}@harborlight.dev`,
  followers,
  createdAt,
});

export const ORGANIZATION: HostAccount = {
  login: ORG_LOGIN,
  id: 91_530_001,
  type: "Organization",
  name: "Harborlight",
  company: "",
  location: "Rotterdam, Netherlands",
  bio: "Shipping logistics software: order tracking, dispatch and the tools behind them.",
  email: "oss@harborlight.dev",
  followers: 214,
  createdAt: "2019-03-11T10:02:44Z",
};

/** The developers, in the order the seed refers to them. */
export const DEVELOPERS: readonly HostAccount[] = [
  person(
    "priya-nair",
    4_810_221,
    "Priya Nair",
    "Bengaluru, India",
    "Backend lead. Postgres, queues and coffee.",
    312,
    "2014-06-02T08:11:09Z",
  ),
  person(
    "marcus-chen",
    5_102_934,
    "Marcus Chen",
    "Toronto, Canada",
    "API design and developer experience.",
    187,
    "2015-01-19T17:45:30Z",
  ),
  person(
    "sofia-alvarez",
    7_733_410,
    "Sofia Alvarez",
    "Madrid, Spain",
    "Frontend engineer who likes accessible forms.",
    95,
    "2016-09-27T12:03:51Z",
  ),
  person(
    "daniel-okafor",
    9_021_587,
    "Daniel Okafor",
    "Lagos, Nigeria",
    "Platform and release tooling.",
    141,
    "2017-04-14T06:30:00Z",
  ),
  person(
    "emma-lindqvist",
    11_480_065,
    "Emma Lindqvist",
    "Stockholm, Sweden",
    "Designer turned React developer.",
    263,
    "2018-02-08T09:15:22Z",
  ),
  person(
    "tomas-novak",
    12_336_718,
    "Tomas Novak",
    "Prague, Czechia",
    "Go, Kubernetes and deploy scripts.",
    78,
    "2018-07-23T14:48:10Z",
  ),
  person(
    "aisha-rahman",
    14_002_953,
    "Aisha Rahman",
    "London, UK",
    "Security reviews and auth flows.",
    402,
    "2019-01-30T11:20:05Z",
  ),
  person(
    "liam-oconnor",
    15_870_442,
    "Liam O'Connor",
    "Dublin, Ireland",
    "Python CLIs and test suites.",
    56,
    "2019-10-02T16:05:41Z",
  ),
  person(
    "yuki-tanaka",
    17_245_806,
    "Yuki Tanaka",
    "Osaka, Japan",
    "Performance work on web clients.",
    129,
    "2020-03-17T03:22:19Z",
  ),
  person(
    "noah-fischer",
    19_630_174,
    "Noah Fischer",
    "Berlin, Germany",
    "Data pipelines and observability.",
    44,
    "2020-11-05T08:40:33Z",
  ),
  person(
    "grace-kim",
    21_418_390,
    "Grace Kim",
    "Seoul, South Korea",
    "QA automation and flaky-test hunter.",
    71,
    "2021-05-12T10:10:10Z",
  ),
  person(
    "omar-haddad",
    23_907_615,
    "Omar Haddad",
    "Amman, Jordan",
    "Docs, onboarding and the occasional bug fix.",
    38,
    "2022-01-24T13:57:02Z",
  ),
];

/** The account the agent's token belongs to. */
export const VIEWER: HostAccount = person(
  "jordan-blake",
  26_114_870,
  "Jordan Blake",
  "Lisbon, Portugal",
  "Engineering manager at Harborlight.",
  120,
  "2022-08-30T07:00:00Z",
);

/** Everyone with an account, the organization first. */
export const ACCOUNTS: readonly HostAccount[] = [ORGANIZATION, ...DEVELOPERS, VIEWER];

/** A developer by the first part of the login (`priya`), for the seed's scripts. */
export function dev(short: string): HostAccount {
  const found = [...DEVELOPERS, VIEWER].find((d) => d.login.split("-")[0] === short);
  if (!found) throw new Error(`no developer ${short}`);
  return found;
}
