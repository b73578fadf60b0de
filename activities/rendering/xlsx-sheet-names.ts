/**
 * Worksheet names under Excel's rules, which exceljs does not fully enforce: at most 31 characters, none of
 * [ ] : * ? / \, no leading or trailing apostrophe, not the reserved "History", and unique ignoring case. Field
 * names are arbitrary, so every name goes through here.
 */
import { truncateText, xmlSafe } from './shape';

const MAX_LENGTH = 31;

export class SheetNames {
  private readonly used = new Set<string>();

  /** A valid name close to `wanted`, distinct from every name taken before. */
  take(wanted: string): string {
    let base = xmlSafe(wanted)
      .replace(/[[\]:*?/\\\r\n\t]/g, '_')
      .replace(/^'+|'+$/g, '')
      .trim();
    if (base === '') base = 'Sheet';
    if (base.toLowerCase() === 'history') base = 'History_';
    base = truncateText(base, MAX_LENGTH).trim();
    let name = base;
    for (let n = 2; this.used.has(name.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      name = `${truncateText(base, MAX_LENGTH - suffix.length).trim()}${suffix}`;
    }
    this.used.add(name.toLowerCase());
    return name;
  }
}
