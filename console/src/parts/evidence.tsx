/**
 * The one evidence viewer (a run's citations, a review, a calibration's worst items): the quoted words where they are
 * — on the page image with the quote's boxes drawn, when the document has pages — or the section's text with the
 * quote marked by its offsets. The marked quote is scrolled into view.
 */
import type { Assay, DocumentText, PageImage, RunCitation } from '@assay/sdk';
import { AssayError } from '@assay/sdk';
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

type Box = NonNullable<NonNullable<RunCitation['input']>['boxes']>[number];

/** Each page image is asked for once per view (the API draws it once per page and width, then signs a URL). */
const pages = new Map<string, Promise<PageImage | null>>();

function pageOf(client: Assay, documentId: string, page: number): Promise<PageImage | null> {
  const key = `${documentId}/${page}`;
  let image = pages.get(key);
  if (!image) {
    // A format without pages (409) is shown as text instead.
    image = client.documents
      .pageImage(documentId, page, { width: 1200 })
      .catch((err: unknown) => (err instanceof AssayError && err.status === 409 ? null : Promise.reject(err)));
    image.catch(() => pages.delete(key));
    pages.set(key, image);
  }
  return image;
}

/** The page as drawn, the quote's boxes over it as translucent rectangles (fractions of the page, top-left origin). */
function PageView(props: { image: PageImage; boxes: Box[]; label: string }) {
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    first.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [props.image, props.boxes]);
  const pct = (n: number) => `${(n * 100).toFixed(3)}%`;
  return (
    <figure class="page-figure">
      <figcaption>
        {props.label} · page {props.image.page}
      </figcaption>
      <div class="page-view">
        <img
          src={props.image.url}
          width={props.image.width}
          height={props.image.height}
          alt={`Page ${props.image.page} of the document, the quoted words outlined`}
        />
        {props.boxes.map((b, i) => (
          <div
            key={i}
            ref={i === 0 ? first : undefined}
            class="box"
            data-box={`${b.x},${b.y},${b.w},${b.h}`}
            style={{ left: pct(b.x), top: pct(b.y), width: pct(b.w), height: pct(b.h) }}
          />
        ))}
      </div>
    </figure>
  );
}

export function Evidence({ client, citation }: { client: Assay; citation: RunCitation | null }) {
  const input = citation?.input ?? null;
  const boxes = input?.boxes ?? [];
  const pageNumber = boxes[0]?.page ?? null;
  const page = useLoad(
    async () => (input && pageNumber !== null ? pageOf(client, input.document_id, pageNumber) : null),
    [input?.document_id, pageNumber],
  );
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
  if (pageNumber !== null && page.loading && !page.data) return <p class="muted">Drawing the page…</p>;
  if (page.data && pageNumber !== null)
    return (
      <PageView image={page.data} boxes={boxes.filter((b) => b.page === pageNumber)} label={input.location.label} />
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
