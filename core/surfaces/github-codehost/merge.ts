// The code host's three-way merge, in TypeScript (the seed, task exploration) and as guest
// JavaScript (merging, updating a branch, rebasing), the same way on both sides: per file, a side
// that did not change it takes the other side's version; a file both sides changed is merged line
// by line (diff3 over longest-common-subsequence matches with the base: a region only one side
// changed takes that side, identical changes merge, different changes to the same region
// conflict); a file deleted on one side and changed on the other, or added differently on both,
// conflicts. A conflict makes the whole merge fail, as GitHub's "not mergeable".

export type Tree = Record<string, string>;

export interface BlobStore {
  read(sha: string): string;
  /** Stores merged content and answers its blob sha. */
  write(content: string): string;
}

const linesOf = (text: string) => {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
};

/** For each line of `a`, the index of its LCS partner in `b`, or -1. */
function matches(a: readonly string[], b: readonly string[]): number[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i] as number[];
    const below = lcs[i + 1] as number[];
    for (let j = m - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const out = new Array<number>(n).fill(-1);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out[i] = j;
      i++;
      j++;
    } else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return out;
}

const same = (x: readonly string[], y: readonly string[]) =>
  x.length === y.length && x.every((v, k) => v === y[k]);

/** diff3 of three line lists; undefined on a conflict. */
export function mergeLines(base: string[], ours: string[], theirs: string[]): string[] | undefined {
  const mo = matches(base, ours);
  const mt = matches(base, theirs);
  const out: string[] = [];
  let bi = 0;
  let oi = 0;
  let ti = 0;
  for (;;) {
    let i = bi;
    while (i < base.length && ((mo[i] ?? -1) < oi || (mt[i] ?? -1) < ti)) i++;
    const oe = i < base.length ? (mo[i] ?? 0) : ours.length;
    const te = i < base.length ? (mt[i] ?? 0) : theirs.length;
    const b = base.slice(bi, i);
    const o = ours.slice(oi, oe);
    const t = theirs.slice(ti, te);
    if (same(o, b)) out.push(...t);
    else if (same(t, b) || same(o, t)) out.push(...o);
    else return undefined;
    if (i >= base.length) return out;
    out.push(base[i] as string);
    bi = i + 1;
    oi = oe + 1;
    ti = te + 1;
  }
}

export function mergeTrees(
  base: Tree,
  ours: Tree,
  theirs: Tree,
  blobs: BlobStore,
): Tree | undefined {
  const out: Tree = {};
  const paths = new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]);
  for (const path of [...paths].sort()) {
    const [b, o, t] = [base[path], ours[path], theirs[path]];
    let chosen: string | undefined;
    if (t === b) chosen = o;
    else if (o === b || o === t) chosen = t;
    else if (b === undefined || o === undefined || t === undefined) return undefined;
    else {
      const ourText = blobs.read(o);
      const merged = mergeLines(linesOf(blobs.read(b)), linesOf(ourText), linesOf(blobs.read(t)));
      if (!merged) return undefined;
      chosen = blobs.write(
        merged.join("\n") + (merged.length > 0 && ourText.endsWith("\n") ? "\n" : ""),
      );
    }
    if (chosen !== undefined) out[path] = chosen;
  }
  return out;
}

/** The same merge for the guest: `mergeTrees(base, ours, theirs)` over `blob` and `storeBlob`. */
export const MERGE_GUEST_JS = String.raw`
  const mergeLinesOf = (text) => {
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    return lines;
  };
  const lcsMatches = (a, b) => {
    const n = a.length, m = b.length;
    const lcs = [];
    for (let i = 0; i <= n; i++) lcs.push(new Array(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const out = new Array(n).fill(-1);
    let i = 0, j = 0;
    while (i < n && j < m) {
      if (a[i] === b[j]) { out[i] = j; i++; j++; }
      else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
      else j++;
    }
    return out;
  };
  const sameLines = (x, y) => x.length === y.length && x.every((v, k) => v === y[k]);
  const mergeLines = (base, ours, theirs) => {
    const mo = lcsMatches(base, ours), mt = lcsMatches(base, theirs);
    const out = [];
    let bi = 0, oi = 0, ti = 0;
    for (;;) {
      let i = bi;
      while (i < base.length && (mo[i] < oi || mt[i] < ti)) i++;
      const oe = i < base.length ? mo[i] : ours.length;
      const te = i < base.length ? mt[i] : theirs.length;
      const b = base.slice(bi, i), o = ours.slice(oi, oe), t = theirs.slice(ti, te);
      if (sameLines(o, b)) out.push(...t);
      else if (sameLines(t, b) || sameLines(o, t)) out.push(...o);
      else return null;
      if (i >= base.length) return out;
      out.push(base[i]);
      bi = i + 1; oi = oe + 1; ti = te + 1;
    }
  };
  const mergeTrees = (base, ours, theirs) => {
    const out = {};
    const paths = Array.from(new Set(Object.keys(base).concat(Object.keys(ours), Object.keys(theirs)))).sort();
    for (const p of paths) {
      const b = base[p], o = ours[p], t = theirs[p];
      let chosen;
      if (t === b) chosen = o;
      else if (o === b || o === t) chosen = t;
      else if (b === undefined || o === undefined || t === undefined) return null;
      else {
        const ourText = blob(o);
        const merged = mergeLines(mergeLinesOf(blob(b)), mergeLinesOf(ourText), mergeLinesOf(blob(t)));
        if (merged === null) return null;
        chosen = storeBlob(merged.join("\n") + (merged.length > 0 && ourText.endsWith("\n") ? "\n" : ""));
      }
      if (chosen !== undefined) out[p] = chosen;
    }
    return out;
  };`;
