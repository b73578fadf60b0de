/** How numbers, times and credits read in every view (tabular figures come from the stylesheet). */
export const when = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export function took(start: string | null | undefined, end: string | null | undefined): string {
  if (!start || !end) return '—';
  const ms = Date.parse(end) - Date.parse(start);
  return ms < 1000 ? `${ms} ms` : ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`;
}

export const credits = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : `${+n.toFixed(4)}`;

export const num = (n: number | null | undefined, digits = 2): string =>
  n === null || n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits);

/** A value of a model's output or a label, short enough for a table cell. */
export function shortValue(value: unknown, max = 120): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return '—';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
