/**
 * A status as a chip whose text says it (colour is never the only signal) and whose shape differs for the final
 * outcomes: a filled chip for success, an outlined one for failure, a dashed one for what is still going.
 */
const TONE: Record<string, 'ok' | 'bad' | 'busy' | 'off'> = {
  succeeded: 'ok',
  completed: 'ok',
  ready: 'ok',
  active: 'ok',
  pass: 'ok',
  failed: 'bad',
  completed_with_failures: 'bad',
  fail: 'bad',
  disabled: 'bad',
  queued: 'busy',
  running: 'busy',
  pending: 'busy',
  claimed: 'busy',
  processing: 'busy',
  canceled: 'off',
  refunded: 'off',
  paused: 'off',
  archived: 'off',
};

export function Status({ value }: { value: string }) {
  return <span class={`chip chip-${TONE[value] ?? 'off'}`}>{value.replaceAll('_', ' ')}</span>;
}
