/** The labels CSV `assay calibrate` reads, as a calibration set's criteria and items. */
import { UsageError } from './io';

/** RFC 4180 CSV: quoted fields (with "" for a quote), commas and CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      ((row = []), (field = ''));
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

export type Label = number | string | boolean;
export type CriterionInput = {
  key: string;
  pointer: string;
  kind: 'ordinal' | 'categorical' | 'boolean' | 'numeric';
  min?: number;
  max?: number;
  labels?: string[];
};

/**
 * A labels CSV as a calibration set: a `file` column (a file in the documents folder), an optional `external_id`,
 * and a column per criterion (`score`) or per criterion and rater (`score:ana`, `score:ben`, first rater first). A
 * criterion's kind follows its values: `true`/`false` boolean, integers ordinal (from the least to the greatest
 * label), other numbers numeric, anything else categorical; its pointer is `/<criterion>` in the run's output.
 */
export function labelsFromCsv(text: string): {
  criteria: CriterionInput[];
  rows: { file: string; external_id?: string; labels: Record<string, Label | { rater: string; value: Label }[]> }[];
} {
  const [header, ...data] = parseCsv(text);
  if (!header) throw new UsageError('the labels CSV is empty');
  const fileAt = header.indexOf('file');
  if (fileAt < 0) throw new UsageError('the labels CSV needs a `file` column');
  const idAt = header.indexOf('external_id');
  const columns = header
    .map((name, at) => ({ name, at }))
    .filter(({ at }) => at !== fileAt && at !== idAt)
    .map(({ name, at }) => {
      const [key, rater] = name.split(':');
      return { key: key!.trim(), rater: rater?.trim() ?? null, at };
    });
  const keys = [...new Set(columns.map((c) => c.key))];
  const raw = (key: string) => data.flatMap((r) => columns.filter((c) => c.key === key).map((c) => r[c.at] ?? ''));
  const criteria = keys.map((key): CriterionInput => {
    const values = raw(key).filter((v) => v.trim() !== '');
    if (values.length > 0 && values.every((v) => /^(true|false)$/i.test(v.trim())))
      return { key, pointer: `/${key}`, kind: 'boolean' };
    if (values.length > 0 && values.every((v) => /^-?\d+$/.test(v.trim()))) {
      const ints = values.map(Number);
      return { key, pointer: `/${key}`, kind: 'ordinal', min: Math.min(...ints), max: Math.max(...ints) };
    }
    if (values.length > 0 && values.every((v) => v.trim() !== '' && Number.isFinite(Number(v))))
      return { key, pointer: `/${key}`, kind: 'numeric' };
    return { key, pointer: `/${key}`, kind: 'categorical', labels: [...new Set(values.map((v) => v.trim()))] };
  });
  const kindOf = new Map(criteria.map((c) => [c.key, c.kind]));
  const parse = (key: string, v: string): Label => {
    const kind = kindOf.get(key);
    return kind === 'boolean' ? /^true$/i.test(v.trim()) : kind === 'categorical' ? v.trim() : Number(v);
  };
  const rows = data.map((r) => {
    const labels: Record<string, Label | { rater: string; value: Label }[]> = {};
    for (const key of keys) {
      const cells = columns.filter((c) => c.key === key && (r[c.at] ?? '').trim() !== '');
      if (cells.length === 0) continue;
      labels[key] =
        cells.length === 1 && cells[0]!.rater === null
          ? parse(key, r[cells[0]!.at]!)
          : cells.map((c) => ({ rater: c.rater ?? 'label', value: parse(key, r[c.at]!) }));
    }
    const externalId = idAt >= 0 ? r[idAt]?.trim() : undefined;
    return { file: (r[fileAt] ?? '').trim(), ...(externalId ? { external_id: externalId } : {}), labels };
  });
  return { criteria, rows };
}
