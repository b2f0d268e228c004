// `name` or `name@version`, as users type environments on the command line.
import { UsageError } from "./command";

export interface EnvironmentRef {
  name: string;
  version?: string;
}

export function parseEnvironmentRef(text: string): EnvironmentRef {
  const at = text.indexOf("@");
  const name = at < 0 ? text : text.slice(0, at);
  const version = at < 0 ? undefined : text.slice(at + 1);
  if (name === "" || version === "") {
    throw new UsageError(`expected name or name@version, got \`${text}\``);
  }
  return version === undefined ? { name } : { name, version };
}
