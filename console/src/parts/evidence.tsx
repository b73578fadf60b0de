/**
 * The one evidence viewer (a run's citations, a review, a calibration's worst items): the quoted words where they are
 * — on the page image with the quote's boxes drawn, when the document has pages — or the section's text with the
 * quote marked by its offsets. The marked quote is scrolled into view.
 */
import type { Assay, DocumentText, RunCitation } from '@assay/sdk';
import { useEffect, useRef } from 'preact/hooks';
import { ErrorNote } from './errors';
import { useLoad } from './load';

/** Each document's text is read once per view, however many citations point into it. */
const texts = new Map<string, Promise<DocumentText>>();

function textOf(client: Assay, documentId: string): Promise<DocumentText> {
  let text = texts.get(documentId);
  if (!text) {
    text = client.documents.text(documentId);
    text.catch(() => texts.delete(documentId));
    texts.set(documentId, text);
  }
  return text;
}

export function Evidence({ client, citation }: { client: Assay; citation: RunCitation | null }) {
  const input = citation?.input ?? null;
  const text = useLoad(async () => (input ? textOf(client, input.document_id) : null), [input?.document_id]);
  const mark = useRef<HTMLElement>(null);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [citation, text.data]);

  if (!citation) return <p class="empty">Select a citation to see its evidence.</p>;
  if (!input)
    return (
      <p class="empty">
        {citation.status === 'insufficient_evidence'
          ? 'The model found no evidence in the input for this criterion.'
          : 'This citation points into a reference document only.'}
      </p>
    );
  if (text.error) return <ErrorNote error={text.error} />;
  if (!text.data) return <p class="muted">Loading the document's text…</p>;
  const section = text.data.sections.find((s) => s.kind === input.location.kind && s.index === input.location.index);
  if (!section) return <p class="note">The cited section is not in the document's current text.</p>;
  const before = section.text.slice(0, input.start);
  const quoted = section.text.slice(input.start, input.end);
  const after = section.text.slice(input.end);
  return (
    <figure class="evidence-text">
      <figcaption>
        {input.location.label} · {input.document_id}
      </figcaption>
      <pre>
        {before}
        <mark ref={mark} data-start={input.start} data-end={input.end}>
          {quoted}
        </mark>
        {after}
      </pre>
    </figure>
  );
}
