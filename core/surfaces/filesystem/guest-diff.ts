// Guest JavaScript for edit_file: the real server's edit rules (each edit replaces the first exact
// occurrence of oldText, else the first run of lines equal to it after trimming, keeping the
// file's indentation) and its answer, a unified diff as jsdiff's createTwoFilesPatch writes it
// (Myers line diff, 4 lines of context, "\ No newline at end of file") inside a ```diff fence.
// A diff needing more than C.maxEditLength line edits is shown as one replaced block.
export const FS_DIFF_JS = String.raw`
  const leadingSpace = (line) => (line.match(/^\s*/) || [""])[0];
  // applyFileEdits: the edits in order on the CRLF-normalized text.
  const applyEdits = (original, edits) => {
    let modified = original;
    for (const edit of edits) {
      const oldText = unixLines(edit.oldText);
      const newText = unixLines(edit.newText);
      if (modified.includes(oldText)) {
        modified = modified.replace(oldText, () => newText);
        continue;
      }
      const oldLines = oldText.split("\n");
      const lines = modified.split("\n");
      let found = false;
      for (let i = 0; i <= lines.length - oldLines.length && !found; i++) {
        let same = true;
        for (let j = 0; j < oldLines.length && same; j++) same = oldLines[j].trim() === lines[i + j].trim();
        if (!same) continue;
        const indent = leadingSpace(lines[i]);
        const replacement = newText.split("\n").map((line, j) => {
          if (j === 0) return indent + line.trimStart();
          const oldIndent = j < oldLines.length ? leadingSpace(oldLines[j]) : "";
          const newIndent = leadingSpace(line);
          if (oldIndent && newIndent) return indent + " ".repeat(Math.max(0, newIndent.length - oldIndent.length)) + line.trimStart();
          return line;
        });
        lines.splice(i, oldLines.length, ...replacement);
        modified = lines.join("\n");
        found = true;
      }
      if (!found) ctx.fail("invalid_argument", "Could not find exact match for edit:\n" + edit.oldText);
    }
    return modified;
  };
  // jsdiff's line tokens: each line with its "\n" (the last one may have none).
  const lineTokens = (t) => {
    const parts = t.split("\n");
    const out = [];
    for (let i = 0; i < parts.length - 1; i++) out.push(parts[i] + "\n");
    if (parts[parts.length - 1] !== "") out.push(parts[parts.length - 1]);
    return out;
  };
  // jsdiff's Diff#diff (Myers, with its pruning and tie-breaks): [{ added, removed, lines }].
  const diffLines = (oldT, newT) => {
    const oldLen = oldT.length;
    const newLen = newT.length;
    const extend = (path, diagonal) => {
      let oldPos = path.oldPos;
      let newPos = oldPos - diagonal;
      let common = 0;
      while (newPos + 1 < newLen && oldPos + 1 < oldLen && oldT[oldPos + 1] === newT[newPos + 1]) {
        newPos++;
        oldPos++;
        common++;
      }
      if (common) path.last = { count: common, added: false, removed: false, prev: path.last };
      path.oldPos = oldPos;
      return newPos;
    };
    const step = (path, added, removed, oldInc) => {
      const last = path.last;
      if (last && last.added === added && last.removed === removed) {
        return { oldPos: path.oldPos + oldInc, last: { count: last.count + 1, added, removed, prev: last.prev } };
      }
      return { oldPos: path.oldPos + oldInc, last: { count: 1, added, removed, prev: last } };
    };
    const values = (last) => {
      const parts = [];
      for (let c = last; c; c = c.prev) parts.push(c);
      parts.reverse();
      let oldPos = 0;
      let newPos = 0;
      return parts.map((c) => {
        let lines;
        if (c.removed) {
          lines = oldT.slice(oldPos, oldPos + c.count);
          oldPos += c.count;
        } else {
          lines = newT.slice(newPos, newPos + c.count);
          newPos += c.count;
          if (!c.added) oldPos += c.count;
        }
        return { added: c.added, removed: c.removed, lines };
      });
    };
    const best = new Map();
    const start = { oldPos: -1, last: undefined };
    let newPos = extend(start, 0);
    if (start.oldPos + 1 >= oldLen && newPos + 1 >= newLen) return values(start.last);
    best.set(0, start);
    let minDiagonal = -Infinity;
    let maxDiagonal = Infinity;
    const maxEdits = Math.min(oldLen + newLen, C.maxEditLength);
    for (let edits = 1; edits <= maxEdits; edits++) {
      for (let d = Math.max(minDiagonal, -edits); d <= Math.min(maxDiagonal, edits); d += 2) {
        const removePath = best.get(d - 1);
        const addPath = best.get(d + 1);
        if (removePath) best.delete(d - 1);
        let canAdd = false;
        if (addPath) {
          const addNewPos = addPath.oldPos - d;
          canAdd = 0 <= addNewPos && addNewPos < newLen;
        }
        const canRemove = removePath !== undefined && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          best.delete(d);
          continue;
        }
        const base = !canRemove || (canAdd && removePath.oldPos < addPath.oldPos)
          ? step(addPath, true, false, 0)
          : step(removePath, false, true, 1);
        newPos = extend(base, d);
        if (base.oldPos + 1 >= oldLen && newPos + 1 >= newLen) return values(base.last);
        best.set(d, base);
        if (base.oldPos + 1 >= oldLen) maxDiagonal = Math.min(maxDiagonal, d - 1);
        if (newPos + 1 >= newLen) minDiagonal = Math.max(minDiagonal, d + 1);
      }
    }
    // Too many edits to search: common head and tail, everything between replaced.
    let head = 0;
    while (head < oldLen && head < newLen && oldT[head] === newT[head]) head++;
    let tail = 0;
    while (tail < oldLen - head && tail < newLen - head && oldT[oldLen - 1 - tail] === newT[newLen - 1 - tail]) tail++;
    return [
      { added: false, removed: false, lines: oldT.slice(0, head) },
      { added: false, removed: true, lines: oldT.slice(head, oldLen - tail) },
      { added: true, removed: false, lines: newT.slice(head, newLen - tail) },
      { added: false, removed: false, lines: oldT.slice(oldLen - tail) },
    ].filter((c) => c.lines.length > 0);
  };
  // jsdiff's structuredPatch hunks (context 4) with "\ No newline at end of file" marks.
  const hunksOf = (changes) => {
    const CONTEXT = 4;
    changes.push({ added: false, removed: false, lines: [] });
    const hunks = [];
    let oldStart = 0;
    let newStart = 0;
    let current = [];
    let oldLine = 1;
    let newLine = 1;
    for (let i = 0; i < changes.length; i++) {
      const change = changes[i];
      const lines = change.lines;
      if (change.added || change.removed) {
        if (!oldStart) {
          const prev = changes[i - 1];
          oldStart = oldLine;
          newStart = newLine;
          if (prev) {
            current = prev.lines.slice(-CONTEXT).map((l) => " " + l);
            oldStart -= current.length;
            newStart -= current.length;
          }
        }
        for (const l of lines) current.push((change.added ? "+" : "-") + l);
        if (change.added) newLine += lines.length;
        else oldLine += lines.length;
        continue;
      }
      if (oldStart) {
        if (lines.length <= CONTEXT * 2 && i < changes.length - 2) {
          for (const l of lines) current.push(" " + l);
        } else {
          const size = Math.min(lines.length, CONTEXT);
          for (const l of lines.slice(0, size)) current.push(" " + l);
          hunks.push({ oldStart, oldLines: oldLine - oldStart + size, newStart, newLines: newLine - newStart + size, lines: current });
          oldStart = 0;
          newStart = 0;
          current = [];
        }
      }
      oldLine += lines.length;
      newLine += lines.length;
    }
    for (const hunk of hunks) {
      const out = [];
      for (const l of hunk.lines) {
        if (l.endsWith("\n")) out.push(l.slice(0, -1));
        else out.push(l, "\\ No newline at end of file");
      }
      hunk.lines = out;
    }
    return hunks;
  };
  // createTwoFilesPatch(file, file, before, after, "original", "modified").
  const unifiedDiff = (before, after, file) => {
    const out = ["Index: " + file, "===================================================================", "--- " + file + "\toriginal", "+++ " + file + "\tmodified"];
    for (const h of hunksOf(diffLines(lineTokens(before), lineTokens(after)))) {
      out.push("@@ -" + (h.oldLines === 0 ? h.oldStart - 1 : h.oldStart) + "," + h.oldLines + " +" + (h.newLines === 0 ? h.newStart - 1 : h.newStart) + "," + h.newLines + " @@");
      for (const l of h.lines) out.push(l);
    }
    return out.join("\n") + "\n";
  };
  // The diff in a fence longer than any run of backticks inside it.
  const fencedDiff = (diff) => {
    let fence = "\x60\x60\x60";
    while (diff.includes(fence)) fence += "\x60";
    return fence + "diff\n" + diff + fence + "\n\n";
  };
`;
