// Is the port free on the loopback address? Asked before starting wrangler so a taken port gets a
// clear message instead of a stack trace from deep inside wrangler.
import { createServer } from "node:net";

export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EADDRINUSE" || err.code === "EACCES") resolve(false);
      else reject(err);
    });
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
