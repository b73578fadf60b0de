/**
 * Documents: upload one (the browser PUTs the bytes straight to the object store, as the SDK does), follow it
 * through extraction, and read the extracted text by sections — the text citations point into.
 */
import type { Assay, Document } from '@assay/sdk';
import { useState } from 'preact/hooks';
import { ErrorNote } from '../parts/errors';
import { useLoad } from '../parts/load';
import { navigate, withQuery, type Route } from '../router';

type Stage = 'idle' | 'reading' | 'uploading' | 'done' | 'failed';

function Text({ client, documentId }: { client: Assay; documentId: string }) {
  const text = useLoad(() => client.documents.text(documentId), [documentId]);
  if (text.error) return <ErrorNote error={text.error} />;
  if (!text.data) return <p class="muted">Loading the text…</p>;
  return (
    <div>
      <h2>Extracted text of {documentId}</h2>
      <p class="muted">
        {text.data.sections.length} sections{text.data.page_count !== null ? ` · ${text.data.page_count} pages` : ''}
      </p>
      {text.data.sections.map((s) => (
        <section key={`${s.kind}-${s.index}`} class="section-text" aria-label={s.label}>
          <h3>{s.label}</h3>
          <pre>{s.text}</pre>
        </section>
      ))}
    </div>
  );
}

export function DocumentsView({ client, route }: { client: Assay; route: Route }) {
  const [stage, setStage] = useState<Stage>('idle');
  const [error, setError] = useState<unknown>(null);
  const [doc, setDoc] = useState<Document | null>(null);
  const shown = route.query.get('document');

  async function upload(event: Event) {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).elements.namedItem('file') as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setDoc(null);
    try {
      setStage('reading');
      const bytes = new Uint8Array(await file.arrayBuffer());
      setStage('uploading');
      const created = await client.documents.upload(bytes, {
        filename: file.name,
        ...(file.type ? { mimeType: file.type } : {}),
      });
      setDoc(created);
      setStage('done');
      navigate(withQuery(route, 'document', created.id), { replace: true });
    } catch (err) {
      setError(err);
      setStage('failed');
    }
  }

  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">Documents</h1>
      <form class="upload" onSubmit={(e) => void upload(e)}>
        <label for="file">A document to evaluate (PDF, DOCX, XLSX, PPTX, text, an image or a scan)</label>
        <input id="file" name="file" type="file" required />
        <button type="submit" disabled={stage === 'reading' || stage === 'uploading'}>
          Upload
        </button>
      </form>
      <p aria-live="polite" class="muted">
        {stage === 'reading' && 'Reading the file…'}
        {stage === 'uploading' && 'Uploading and extracting its text…'}
        {stage === 'done' &&
          doc &&
          `Uploaded ${doc.filename} as ${doc.id}: ${doc.extracted ? 'text extracted' : 'no text'}.`}
      </p>
      {error ? <ErrorNote error={error} /> : null}
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          const id = ((e.target as HTMLFormElement).elements.namedItem('doc') as HTMLInputElement).value.trim();
          navigate(withQuery(route, 'document', id || null));
        }}
      >
        <label for="doc">Show a document's text</label>
        <input id="doc" name="doc" placeholder="doc_…" value={shown ?? ''} />
        <button type="submit">Show</button>
      </form>
      {shown && <Text client={client} documentId={shown} />}
    </section>
  );
}
