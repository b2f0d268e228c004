// Where JSON text first goes wrong. V8's JSON.parse messages no longer carry a position, and a
// person fixing a 3 MB file needs the line: this small scanner walks the grammar to find it.
// Only called after JSON.parse has failed, so it favours clarity over speed.

export interface JsonErrorPosition {
  offset: number;
  line: number;
  column: number;
}

export function jsonErrorPosition(text: string): JsonErrorPosition | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++;
    while (i < text.length) {
      const c = text.charAt(i);
      if (c === '"') {
        i++;
        return;
      }
      if (c < " ") fail();
      if (c === "\\") {
        const e = text.charAt(i + 1);
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail();
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== "") i += 2;
        else {
          i++;
          fail();
        }
      } else i++;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    i += match?.[0].length ?? 0;
  };
  const value = (): void => {
    ws();
    const c = text.charAt(i);
    if (c === "{") {
      i++;
      ws();
      if (text.charAt(i) === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text.charAt(i) !== '"') fail();
        string();
        ws();
        if (text.charAt(i) !== ":") fail();
        i++;
        value();
        ws();
        if (text.charAt(i) === ",") i++;
        else if (text.charAt(i) === "}") {
          i++;
          return;
        } else fail();
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text.charAt(i) === "]") {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text.charAt(i) === ",") i++;
        else if (text.charAt(i) === "]") {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') string();
    else if (c === "t") literal("true");
    else if (c === "f") literal("false");
    else if (c === "n") literal("null");
    else number();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return undefined;
  } catch (offset) {
    if (typeof offset !== "number") throw offset;
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    return { offset, line, column: offset - before.lastIndexOf("\n") };
  }
}
