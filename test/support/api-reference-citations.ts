/**
 * Citations of the API contract: code and docs cite docs/api-reference.md by section (`docs/api-reference.md §13`,
 * `docs/api-reference.md §15, §14`), never the contract the owner keeps outside the repository (by "spec" and a
 * section number, by its path, or by the shared folder beside the repository). What the decision-reference and docs
 * tests check: sections are never renumbered, so a section number names one section for good. Pure: text in,
 * problems out.
 */

/** The section numbers of docs/api-reference.md: its `## §N Title` headings. */
export function apiReferenceSections(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1])));
}

/** `docs/api-reference.md §13`, `docs/api-reference.md §15, §14`, `docs/api-reference.md §11 and §12`. */
const CITATION = /docs\/api-reference\.md,?\s+(§\d+(?:\s*(?:,|and)\s*§\d+)*)/g;
/** The contract outside the repository, however named: "spec" and a section, its file's path, the shared folder. */
const OUTSIDE = /\bspec\s+§\s*\d+|\bspec\/api-reference\.md|(?:\.\.|\/work)\/shared\b/gi;

/** Comment lines joined, so a citation broken over two lines is read whole. */
function folded(source: string): string {
  return source.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' ');
}

export function apiReferenceCitations(source: string): { text: string; sections: number[] }[] {
  return [...folded(source).matchAll(CITATION)].map((m) => ({
    text: m[0],
    sections: [...m[1]!.matchAll(/§(\d+)/g)].map((s) => Number(s[1])),
  }));
}

/** What is wrong with the contract citations of a text: the outside contract, or a section the file lacks. */
export function badApiReferenceCitations(source: string, sections: Set<number>): string[] {
  const bad = [...folded(source).matchAll(OUTSIDE)].map(
    (m) => `"${m[0]}": names the API contract outside the repository; cite docs/api-reference.md §N`,
  );
  for (const citation of apiReferenceCitations(source)) {
    for (const n of citation.sections) {
      if (!sections.has(n)) bad.push(`"${citation.text}": §${n} is no section of docs/api-reference.md`);
    }
  }
  return bad;
}
