/**
 * Rewrites decision references in code so that each names an entry of docs/decisions.md: a reference to the owner's
 * design decision N becomes one to its entry 4NN there (entries 401–446 restate the design; its §1, §2, §4 and §5
 * are entries 443–446), and a bare `decision N` becomes `docs/decisions.md N`. Comments only
 * in practice: it rewrites whatever text matches, so read `git diff` after it. Idempotent: a second run changes
 * nothing. test/unit/decision-references.test.ts checks the result.
 *
 *   npx tsx scripts/cite-decisions.ts          # rewrite in place, print the files changed
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const CODE = /^(api|domain|activities|workflows|worker|scripts|bench|test|clients\/typescript\/src)\/.*\.(ts|mts|cts)$/;
const ROOT_CONFIG = /^[^/]+\.(mjs|js|cjs)$/;
/** Files whose samples and patterns are about references, not references. */
const SKIP = new Set([
  'scripts/cite-decisions.ts',
  'test/unit/decision-references.test.ts',
  'test/support/decision-log.ts',
]);

/** The design's general sections, restated as entries. */
const SECTIONS: Record<string, number> = { '1': 443, '2': 444, '4': 445, '5': 446 };

const NUMBER = String.raw`\d+(?:\s*[–-]\s*\d+)?`;
const LIST = String.raw`${NUMBER}(?:(?:\s*,\s*and\s+|\s*,\s*|\s+and\s+)${NUMBER})*`;
/** Line breaks inside a comment: a reference may run on to the next comment line. */
const GAP = String.raw`(?:\s*(?:\*(?!\/)|\/\/)?\s*)`;
const DESIGN = String.raw`\bDESIGN(?:\.md)?,?`;

/** Every number of a list, shifted to the entry that restates it. */
function restated(list: string): string {
  return list.replace(/\d+/g, (n) => String(400 + Number(n)));
}

export function rewrite(source: string): string {
  return (
    source
      // the design's decision N (also without `.md`, in the plural with a list, or over a comment's line break)
      .replace(
        new RegExp(`${DESIGN}(${GAP})decisions?(\\s+)(${LIST})\\b`, 'g'),
        (_, gap: string, space: string, list: string) =>
          `docs/decisions.md${gap.trim() ? gap : space}${restated(list)}`,
      )
      // the design's N–M, without the word
      .replace(new RegExp(`${DESIGN}\\s+(${LIST})\\b`, 'g'), (_, list: string) => `docs/decisions.md ${restated(list)}`)
      // the design's sections
      .replace(new RegExp(`${DESIGN}(\\s+)§(\\d)\\b`, 'g'), (whole: string, space: string, section: string) => {
        const entry = SECTIONS[section];
        return entry ? `docs/decisions.md${space}${entry}` : whole;
      })
      // a bare "decision N" is already an entry of docs/decisions.md: say so
      .replace(
        new RegExp(`(?<![\\w/.])(decisions?)(\\s+)(?=${LIST}\\b)`, 'gi'),
        (_, _word: string, space: string) => `docs/decisions.md${space}`,
      )
  );
}

if (require.main === module) {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => (CODE.test(f) || ROOT_CONFIG.test(f)) && !SKIP.has(f));
  for (const file of files) {
    const path = join(ROOT, file);
    const before = readFileSync(path, 'utf8');
    const after = rewrite(before);
    if (after !== before) {
      writeFileSync(path, after);
      process.stdout.write(`${file}\n`);
    }
  }
}
