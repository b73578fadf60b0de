import { AssayError } from '@assay/sdk';

/** What went wrong, as the API said it: its code, its message and the request id to quote. */
export function ErrorNote({ error }: { error: unknown }) {
  if (error instanceof AssayError) {
    const scope = error.code === 'insufficient_scope';
    return (
      <div role="alert" class="note note-bad">
        <strong>{scope ? 'This key may not see this view.' : 'The API refused this.'}</strong> <code>{error.code}</code>
        : {error.message.replace(/^\d+ [a-z_]+: /, '')}
        {error.requestId && <div class="muted">request {error.requestId}</div>}
      </div>
    );
  }
  return (
    <div role="alert" class="note note-bad">
      <strong>Something failed:</strong> {error instanceof Error ? error.message : String(error)}
    </div>
  );
}
