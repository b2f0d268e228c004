// Guest JavaScript for the tools that look at many entries: a directory's entries in name order
// (lowercase first, then exact, as `localeCompare` mostly orders ASCII names), every entry under a
// directory grouped by parent (refused beyond C.maxEntries), and the server's size and date
// formats (`formatSize`, a JavaScript Date printed in UTC).
export const FS_LISTING_JS = `
  const childrenOf = (p) => {
    const rows = ctx.query("SELECT path, name, kind, size FROM fs_entries WHERE parent = ? ORDER BY lower(name), name LIMIT ?", [p, C.maxEntries + 1]);
    if (rows.length > C.maxEntries) ctx.fail("too_large", p + " holds more than " + C.maxEntries + " entries");
    return rows;
  };
  // Every entry below p, as a Map from a directory's path to its entries in name order.
  const entriesUnder = (p) => {
    const rows = ctx.query("SELECT path, parent, name, kind FROM fs_entries WHERE path > ? AND path < ? ORDER BY lower(name), name LIMIT ?", [p + "/", p + "0", C.maxEntries + 1]);
    if (rows.length > C.maxEntries) ctx.fail("too_large", "More than " + C.maxEntries + " entries under " + p + "; ask for a smaller directory");
    const byParent = new Map();
    for (const row of rows) {
      const list = byParent.get(row.parent);
      if (list) list.push(row);
      else byParent.set(row.parent, [row]);
    }
    return byParent;
  };
  const checkPatterns = (patterns) => {
    if (patterns.length > C.maxPatterns) ctx.fail("invalid_argument", "At most " + C.maxPatterns + " exclude patterns are allowed");
  };
  const formatSize = (bytes) => {
    const units = ["B", "KB", "MB", "GB", "TB"];
    if (bytes <= 0) return "0 B";
    const i = Math.floor(Math.log(bytes) / Math.log(1024));
    if (i <= 0) return bytes + " " + units[0];
    const unit = Math.min(i, units.length - 1);
    return (bytes / Math.pow(1024, unit)).toFixed(2) + " " + units[unit];
  };
  const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const two = (n) => (n < 10 ? "0" : "") + n;
  const dateText = (iso) => {
    const d = new Date(iso);
    return DAYS[d.getUTCDay()] + " " + MONTHS[d.getUTCMonth()] + " " + two(d.getUTCDate()) + " " + d.getUTCFullYear() + " " +
      two(d.getUTCHours()) + ":" + two(d.getUTCMinutes()) + ":" + two(d.getUTCSeconds()) + " GMT+0000 (Coordinated Universal Time)";
  };
`;
