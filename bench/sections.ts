/**
 * How a section of `npm run bench` that runs after bench/report.ts puts its figures into bench/RESULTS.md: report.ts
 * writes the report afresh (everything above "Historical figures"), and each later section then writes its own
 * `## …` section into it, replacing the section of the same heading when there is one (a section run alone replaces
 * its last figures and nothing else), else just before "Reading the numbers" (or "Historical figures", or at the end).
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeSection(file: string, heading: string, body: string[]): void {
  if (!heading.startsWith('## ')) throw new Error(`a section's heading starts with "## ": ${heading}`);
  // Ends with a blank line, as every section of the report does.
  const section = [heading, '', ...body, '', ''].join('\n');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    writeFileSync(file, section);
    return;
  }
  writeFileSync(file, withSection(text, heading, section));
}

/** `text` with `section` in place of the section headed `heading`, or inserted where a new one goes. */
export function withSection(text: string, heading: string, section: string): string {
  const start = text.startsWith(`${heading}\n`) ? 0 : text.indexOf(`\n${heading}\n`) + 1;
  if (start > 0 || text.startsWith(`${heading}\n`)) {
    const next = text.indexOf('\n## ', start);
    return text.slice(0, start) + section + (next < 0 ? '' : text.slice(next + 1));
  }
  for (const before of ['\n## Reading the numbers', '\n## Historical figures']) {
    const at = text.indexOf(before);
    if (at >= 0) return text.slice(0, at + 1) + section + text.slice(at + 1);
  }
  return text.replace(/\n*$/, '\n\n') + section;
}
