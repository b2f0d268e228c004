// A real HTTP server on 127.0.0.1 for the workerd tests to fetch sources from, as the platform
// fetches a user's URL: a CSV file, an HTML page, a slow answer, one never answered and an
// oversized file.
import { createServer, type Server } from "node:http";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    sourceServerOrigin: string;
  }
}

const CSV = "id,city,country\n1,Lisbon,Portugal\n2,Osaka,Japan\n3,Quito,Ecuador\n";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const slow = new Set<ReturnType<typeof setTimeout>>();
  const server: Server = createServer((req, res) => {
    if (req.url === "/cities.csv") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(CSV);
    } else if (req.url === "/page.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Not data</title>");
    } else if (req.url === "/slow.csv") {
      slow.add(setTimeout(() => res.end(CSV), 60_000));
    } else if (req.url === "/never.csv") {
      // Never answered (its socket is closed at teardown): a source whose fetch never settles.
    } else if (req.url === "/huge.csv") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(`id,v\n${"1,x\n".repeat(300_000)}`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  project.provide("sourceServerOrigin", `http://127.0.0.1:${address.port}`);
  return async () => {
    for (const timer of slow) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
