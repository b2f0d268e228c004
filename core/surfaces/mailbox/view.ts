// The mailbox server's answers worked out from the seeded mailbox in TypeScript, independently of
// the guest code: read_email's text, search_emails' listing, the label list and filter lines, as
// GongRzhe/Gmail-MCP-Server formats them. The tool tests (tests.ts) expect these.
import type { SeedFilter, SeedLabel } from "./people";
import type { MailMessage } from "./seed";

export function readText(m: MailMessage): string {
  const note =
    !m.text && m.html
      ? "[Note: This email is HTML-formatted. Plain text version not available.]\n\n"
      : "";
  const files =
    m.attachments.length > 0
      ? `\n\nAttachments (${m.attachments.length}):\n${m.attachments
          .map(
            (a) => `- ${a.filename} (${a.mimeType}, ${Math.round(a.size / 1024)} KB, ID: ${a.id})`,
          )
          .join("\n")}`
      : "";
  return `Thread ID: ${m.threadId}\nSubject: ${m.subject}\nFrom: ${m.from}\nTo: ${m.to}\nDate: ${m.date}\n\n${note}${m.text || m.html}${files}`;
}

/** search_emails' answer for these messages, in the order given. */
export const searchText = (found: readonly MailMessage[]) =>
  found
    .map((m) => `ID: ${m.id}\nSubject: ${m.subject}\nFrom: ${m.from}\nDate: ${m.date}\n`)
    .join("\n");

/** Newest first, as Gmail lists messages. */
export const newestFirst = (found: readonly MailMessage[]) =>
  [...found].sort((a, b) => b.internalDate - a.internalDate || b.seq - a.seq);

export function labelListText(labels: readonly SeedLabel[]): string {
  const line = (l: SeedLabel) => `ID: ${l.id}\nName: ${l.name}\n`;
  const system = labels.filter((l) => l.type === "system");
  const user = labels.filter((l) => l.type === "user");
  return `Found ${labels.length} labels (${system.length} system, ${user.length} user):\n\nSystem Labels:\n${system.map(line).join("\n")}\nUser Labels:\n${user.map(line).join("\n")}`;
}

export function filterLines(f: SeedFilter): string {
  const criteria = Object.entries(f.criteria)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
  const action = Object.entries(f.action)
    .filter(([, v]) => v !== undefined && (!Array.isArray(v) || v.length > 0))
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : v}`)
    .join(", ");
  return `ID: ${f.id}\nCriteria: ${criteria}\nActions: ${action}`;
}
