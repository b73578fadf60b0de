/**
 * docs/decisions.md read as data, and the decision references a text makes: what the decision-reference and docs
 * tests check. Pure: takes text, returns what it found.
 */

/** An entry is a line starting `N. ` (or `N\. `, the escaped form that keeps Markdown from renumbering it). */
const ENTRY = /^(\d+)\\?\. (.*)$/gm;

export interface DecisionLog {
  /** Every entry number in the file. */
  entries: Set<number>;
  /** Entry → the entries that supersede it, for entries marked "Superseded by N." at their start. */
  superseded: Map<number, string>;
}

export function parseDecisionLog(markdown: string): DecisionLog {
  const entries = new Set<number>();
  const superseded = new Map<number, string>();
  for (const m of markdown.matchAll(ENTRY)) {
    const n = Number(m[1]);
    entries.add(n);
    const mark = /^\*?Superseded by ([^.*]+)\.\*?/.exec(m[2]!);
    if (mark) superseded.set(n, mark[1]!);
  }
  return { entries, superseded };
}

const NUMBER = String.raw`\d+(?:\s*[–-]\s*\d+)?`;
const LIST = String.raw`${NUMBER}(?:(?:\s*,\s*and\s+|\s*,\s*|\s+and\s+)${NUMBER})*`;
/** `decision 12`, `decisions 220, 254`, `docs/decisions.md 170–173` (the file's name ends with `.md`, not a space). */
const REFERENCE = new RegExp(String.raw`(docs/decisions\.md,?|\bdecisions?)\s+(${LIST})\b`, 'gi');
/** The owner's design document lives outside the repository: code names its restated entries instead. */
const OUTSIDE = /\bDESIGN(?:\.md\b|\s+decisions?\b)/g;

export interface Reference {
  /** The reference as written (comment markers and line breaks folded to spaces). */
  text: string;
  /** Each number or range it names: `[n, n]` for one number, `[from, to]` for a range. */
  parts: [number, number][];
}

/** Comment lines joined, so a reference broken over two lines (`decisions 29,\n * 30`) is read whole. */
function folded(source: string): string {
  return source.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' ');
}

export function decisionReferences(source: string): Reference[] {
  return [...folded(source).matchAll(REFERENCE)].map((m) => ({
    text: m[0],
    parts: m[2]!.split(/\s*(?:,\s*and\s+|,|\s+and\s+)\s*/).map((part) => {
      const [from, to] = part.split(/\s*[–-]\s*/).map(Number);
      return [from!, to ?? from!];
    }),
  }));
}

export function outsideReferences(source: string): string[] {
  return [...folded(source).matchAll(OUTSIDE)].map((m) => m[0]);
}

/**
 * What is wrong with the references a text makes: a reference to the design document outside the repository, a
 * number that is no entry (a range may span numbers that were never used, but its ends must be entries), or an
 * entry marked superseded.
 */
export function badReferences(source: string, log: DecisionLog): string[] {
  const bad = outsideReferences(source).map((text) => `"${text}": names a document outside the repository`);
  for (const ref of decisionReferences(source)) {
    for (const [from, to] of ref.parts) {
      for (const n of new Set([from, to])) {
        if (!log.entries.has(n)) bad.push(`"${ref.text}": ${n} is no entry of docs/decisions.md`);
      }
      for (let n = from; n <= to && n - from < 100; n++) {
        if (log.superseded.has(n)) bad.push(`"${ref.text}": ${n} is superseded by ${log.superseded.get(n)}`);
      }
    }
  }
  return bad;
}
