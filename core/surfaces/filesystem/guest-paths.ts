// Guest JavaScript shared by every filesystem tool: the server's path rules (relative paths resolve
// against the allowed root, `..` and absolute paths outside it are refused), Node-worded errors
// with stable codes (access_denied, not_found, invalid_argument, conflict, too_large), and
// reading a file as text. Runs inside the tool function, where `C` holds the limits and `ctx`
// the episode; SQL text is constant, every value a bound parameter.

export const FS_PATHS_JS = String.raw`
  const ROOT = C.root;
  const ENTRY = "SELECT path, parent, name, kind, size, mode, created_at, modified_at, accessed_at FROM fs_entries WHERE path = ?";
  const quoted = (p) => "'" + p + "'";
  const unixLines = (t) => t.replace(/\r\n/g, "\n");
  // Node's words for a failed system call, e.g. "ENOENT: no such file or directory, open '/x'".
  const sysFail = (code, errno, what, syscall, detail) => ctx.fail(code, errno + ": " + what + ", " + syscall + (detail ? " " + detail : ""));
  const dirname = (p) => p.slice(0, p.lastIndexOf("/")) || "/";
  const basename = (p) => p.slice(p.lastIndexOf("/") + 1);
  const within = (p) => p === ROOT || p.startsWith(ROOT + "/");
  const depthOf = (p) => p === ROOT ? 0 : p.slice(ROOT.length + 1).split("/").length;
  const normalizePath = (p) => {
    const out = [];
    for (const part of p.split("/")) {
      if (part === "" || part === ".") continue;
      if (part === "..") out.pop();
      else out.push(part);
    }
    return "/" + out.join("/");
  };
  // validatePath of the real server: expand ~, resolve against the allowed root, refuse escapes.
  const resolvePath = (requested) => {
    if (requested.indexOf("\u0000") >= 0) {
      ctx.fail("invalid_argument", "The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received " + JSON.stringify(requested.slice(0, 200)));
    }
    if (requested.length > C.maxPathChars) sysFail("invalid_argument", "ENAMETOOLONG", "name too long", "stat", quoted(requested.slice(0, 200) + "..."));
    let p = requested;
    if (p === "~" || p.startsWith("~/")) p = C.home + p.slice(1);
    if (/^[A-Za-z]:([\\/]|$)/.test(p)) ctx.fail("access_denied", "Access denied - Windows-style path received on a POSIX host: " + requested);
    const absolute = normalizePath(p.startsWith("/") ? p : ROOT + "/" + p);
    if (!within(absolute)) ctx.fail("access_denied", "Access denied - path outside allowed directories: " + absolute + " not in " + ROOT);
    for (const part of absolute.split("/")) {
      if (part.length > 255) sysFail("invalid_argument", "ENAMETOOLONG", "name too long", "stat", quoted(absolute));
    }
    return absolute;
  };
  const entryAt = (p) => ctx.one(ENTRY, [p]);
  // A path that does not exist: ENOTDIR when its nearest existing ancestor is a file, else ENOENT.
  const missing = (syscall, p, detail) => {
    const ancestors = [];
    for (let a = dirname(p); within(a); a = dirname(a)) {
      ancestors.push(a);
      if (a === ROOT) break;
    }
    const marks = ancestors.map(() => "?").join(", ");
    const nearest = ancestors.length === 0 ? null
      : ctx.one("SELECT kind FROM fs_entries WHERE path IN (" + marks + ") ORDER BY length(path) DESC LIMIT 1", ancestors);
    if (nearest !== null && nearest.kind === "file") sysFail("invalid_argument", "ENOTDIR", "not a directory", syscall, detail || quoted(p));
    return sysFail("not_found", "ENOENT", "no such file or directory", syscall, detail || quoted(p));
  };
  // An existing directory, for the tools that list one (readdir's errors otherwise).
  const directoryAt = (p) => {
    const found = entryAt(p);
    if (found === null) return missing("scandir", p);
    if (found.kind !== "directory") return sysFail("invalid_argument", "ENOTDIR", "not a directory", "scandir", quoted(p));
    return found;
  };
  const checkDepth = (p) => {
    if (depthOf(p) > C.maxDepth) {
      ctx.fail("invalid_argument", "Path is nested too deeply (more than " + C.maxDepth + " levels below " + ROOT + "): " + p);
    }
  };
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const fromBase64 = (s) => {
    const bytes = [];
    let buffer = 0;
    let bits = 0;
    for (let i = 0; i < s.length; i++) {
      const v = B64.indexOf(s[i]);
      if (v < 0) continue;
      buffer = ((buffer << 6) | v) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes.push((buffer >> bits) & 0xff);
      }
    }
    return bytes;
  };
  // UTF-8 as Node's Buffer#toString decodes it: each maximal invalid subpart becomes U+FFFD.
  const decodeUtf8 = (bytes) => {
    const points = [];
    let need = 0;
    let point = 0;
    let lower = 0x80;
    let upper = 0xbf;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (need === 0) {
        if (b <= 0x7f) points.push(b);
        else if (b >= 0xc2 && b <= 0xdf) { need = 1; point = b & 0x1f; }
        else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          if (b === 0xed) upper = 0x9f;
          need = 2;
          point = b & 0xf;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          if (b === 0xf4) upper = 0x8f;
          need = 3;
          point = b & 0x7;
        } else points.push(0xfffd);
        continue;
      }
      if (b < lower || b > upper) {
        need = 0;
        lower = 0x80;
        upper = 0xbf;
        points.push(0xfffd);
        i--;
        continue;
      }
      lower = 0x80;
      upper = 0xbf;
      point = (point << 6) | (b & 0x3f);
      need--;
      if (need === 0) points.push(point);
    }
    if (need !== 0) points.push(0xfffd);
    let out = "";
    for (let i = 0; i < points.length; i += 4096) out += String.fromCodePoint.apply(null, points.slice(i, i + 4096));
    return out;
  };
  // readFile(path, "utf-8"): a directory is EISDIR, a binary file decodes as UTF-8.
  const readText = (p) => {
    const row = ctx.one("SELECT kind, content, data FROM fs_entries WHERE path = ?", [p]);
    if (row === null) return missing("open", p);
    if (row.kind === "directory") return sysFail("invalid_argument", "EISDIR", "illegal operation on a directory", "read", "");
    return row.content !== null ? row.content : row.data === null ? "" : decodeUtf8(fromBase64(row.data.$base64));
  };
  // The codes a per-path failure reports inside a multi-path answer instead of failing the call.
  const isPathError = (e) => e !== null && typeof e === "object" && (e.code === "not_found" || e.code === "access_denied" || e.code === "invalid_argument");
`;
