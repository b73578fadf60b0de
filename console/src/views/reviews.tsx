/**
 * The review queue: claim the oldest pending review, read the document with the run's evidence beside the criteria
 * form, answer, submit, and the next one is claimed — by keyboard alone (the shortcuts are listed on the page, and
 * focus moves to the first field after each claim). A blind review hides the model's values and confidence.
 */
import type { Assay, Review, RunCitation } from '@assay/sdk';
import { describeScale, parseReviewAnswer, type ReviewValue } from '@assay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorNote } from '../parts/errors';
import { Evidence } from '../parts/evidence';
import { shortValue, when } from '../parts/format';
import { Link } from '../parts/link';
import { useLoad } from '../parts/load';
import { Status } from '../parts/status';
import { Citations } from './run';

const REVIEWER_KEY = 'assay.console.reviewer';

const reasonsOf = (r: Review) =>
  r.reasons.map((x) => (x.kind === 'low_confidence' ? `low confidence on ${x.criterion}` : x.kind)).join(', ');

/** Keys typed outside a field act as shortcuts; inside one they are text. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

function Shortcuts() {
  return (
    <details class="shortcuts" open>
      <summary>Keyboard shortcuts</summary>
      <dl>
        <div>
          <dt>
            <kbd>n</kbd>
          </dt>
          <dd>claim the next review</dd>
        </div>
        <div>
          <dt>
            <kbd>Enter</kbd> in a field
          </dt>
          <dd>submit, then claim the next</dd>
        </div>
        <div>
          <dt>
            <kbd>Tab</kbd>
          </dt>
          <dd>next field</dd>
        </div>
        <div>
          <dt>
            <kbd>j</kbd> / <kbd>k</kbd>
          </dt>
          <dd>next / previous evidence</dd>
        </div>
        <div>
          <dt>
            <kbd>Esc</kbd>
          </dt>
          <dd>release the review back to the queue</dd>
        </div>
      </dl>
    </details>
  );
}

function ReviewForm(props: {
  review: Review;
  busy: boolean;
  onSubmit: (values: Record<string, ReviewValue>) => void;
  onRelease: () => void;
}) {
  const { review } = props;
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setTexts({});
    setErrors({});
    first.current?.focus();
  }, [review.id]);

  function submit(event: Event) {
    event.preventDefault();
    const values: Record<string, ReviewValue> = {};
    const problems: Record<string, string> = {};
    for (const c of review.criteria) {
      const answer = parseReviewAnswer(c, texts[c.key] ?? '', review.blind);
      if ('error' in answer) problems[c.key] = answer.error;
      else if ('value' in answer) values[c.key] = answer.value;
    }
    setErrors(problems);
    const wrong = review.criteria.find((c) => problems[c.key]);
    if (wrong) document.getElementById(`value-${wrong.key}`)?.focus();
    else props.onSubmit(values);
  }

  return (
    <form class="review-form" onSubmit={submit} aria-labelledby="criteria-title" noValidate>
      <h2 id="criteria-title">Criteria</h2>
      <p class="muted">
        {review.blind
          ? 'Blind review: the model’s values are hidden. Answer every criterion.'
          : 'Leave a field empty to keep the model’s value.'}
      </p>
      {review.criteria.map((c, i) => {
        const hint = `hint-${c.key}`;
        const error = errors[c.key];
        return (
          <div key={c.key} class="field">
            <label for={`value-${c.key}`}>{c.key}</label>
            <input
              id={`value-${c.key}`}
              ref={i === 0 ? first : undefined}
              type="text"
              inputMode={c.kind === 'ordinal' || c.kind === 'numeric' ? 'decimal' : 'text'}
              autocomplete="off"
              value={texts[c.key] ?? ''}
              onInput={(e) => setTexts((t) => ({ ...t, [c.key]: (e.target as HTMLInputElement).value }))}
              aria-describedby={error ? `${hint} error-${c.key}` : hint}
              aria-invalid={error ? true : undefined}
              placeholder={review.blind || c.model_value == null ? '' : String(c.model_value)}
            />
            <span id={hint} class="muted">
              {describeScale(c)}
              {!review.blind && c.model_value !== undefined && (
                <>
                  {' '}
                  · model:{' '}
                  <strong data-model-value>{c.model_value === null ? 'none' : shortValue(c.model_value, 80)}</strong>
                  {typeof c.confidence === 'number' && <> · confidence {c.confidence.toFixed(2)}</>}
                </>
              )}
            </span>
            {error && (
              <span id={`error-${c.key}`} class="field-error" role="alert">
                {error}
              </span>
            )}
          </div>
        );
      })}
      <div class="actions">
        <button type="submit" disabled={props.busy}>
          Submit and claim next
        </button>
        <button type="button" class="quiet" onClick={props.onRelease} disabled={props.busy}>
          Release
        </button>
      </div>
    </form>
  );
}

export function ReviewsView({ client }: { client: Assay }) {
  const [reviewer, setReviewer] = useState(() => sessionStorage.getItem(REVIEWER_KEY) ?? '');
  const [review, setReview] = useState<Review | null>(null);
  const [citations, setCitations] = useState<RunCitation[]>([]);
  const [selected, setSelected] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState('');
  const claimButton = useRef<HTMLButtonElement>(null);
  const reviewerField = useRef<HTMLInputElement>(null);
  const pending = useLoad(async () => {
    const out: Review[] = [];
    for await (const r of client.reviews.list({ status: 'pending', limit: 20 })) {
      out.push(r);
      if (out.length === 20) break;
    }
    return out;
  }, [review?.id]);

  // A reviewer starts from the keyboard: the name when none is given yet, else the claim button.
  useEffect(() => {
    (reviewer ? claimButton : reviewerField).current?.focus();
  }, []);

  async function act(step: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  const claimNext = () =>
    act(async () => {
      const name = reviewer.trim();
      if (!name) {
        setStatus('Name the reviewer first.');
        reviewerField.current?.focus();
        return;
      }
      sessionStorage.setItem(REVIEWER_KEY, name);
      const next = await client.reviews.claimNext({ reviewer: name });
      setSelected(0);
      setCitations([]);
      setReview(next);
      if (!next) {
        setStatus('The queue is empty.');
        claimButton.current?.focus();
        return;
      }
      setStatus(`Claimed ${next.id}${next.blind ? ' (blind)' : ''}.`);
      // The evidence is the run's citations; a key that may not read runs still reviews, without them.
      client.runs.get(next.run_id).then(
        (run) => setCitations(run.citations ?? []),
        () => setCitations([]),
      );
    });

  const submit = (values: Record<string, ReviewValue>) =>
    act(async () => {
      const done = await client.reviews.submit(review!.id, { reviewer: reviewer.trim(), values });
      setStatus(`Submitted ${done.id}.`);
      await claimNext();
    });

  const release = () =>
    act(async () => {
      await client.reviews.release(review!.id, { reviewer: reviewer.trim() });
      setStatus(`Released ${review!.id}.`);
      setReview(null);
      claimButton.current?.focus();
    });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && review && !busy) return void release();
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'n' && !busy) {
        e.preventDefault();
        void claimNext();
      }
      if (e.key === 'j') setSelected((i) => Math.min(i + 1, Math.max(citations.length - 1, 0)));
      if (e.key === 'k') setSelected((i) => Math.max(i - 1, 0));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section aria-labelledby="reviews-title">
      <div class="title-row">
        <h1 id="reviews-title">Review queue</h1>
        <form class="filters" onSubmit={(e) => (e.preventDefault(), void claimNext())}>
          <label for="reviewer">Reviewer</label>
          <input
            id="reviewer"
            ref={reviewerField}
            value={reviewer}
            maxLength={100}
            autocomplete="name"
            onInput={(e) => setReviewer((e.target as HTMLInputElement).value)}
          />
          <button ref={claimButton} type="submit" disabled={busy}>
            Claim next
          </button>
        </form>
      </div>
      <Shortcuts />
      <p role="status" aria-live="polite" class="muted">
        {status}
      </p>
      {error ? <ErrorNote error={error} /> : null}
      {review ? (
        <>
          <p class="title-row">
            <strong>{review.id}</strong> <Status value={review.status} />
            <span class="muted">
              {review.blind ? 'blind' : 'open'} · {reasonsOf(review)} · run{' '}
              <Link to={`/runs/${review.run_id}`}>{review.run_id}</Link> · claimed until {when(review.claim_expires_at)}
            </span>
          </p>
          <div class="split">
            <div class="pane evidence" role="region" aria-label="Evidence" tabIndex={0}>
              <Evidence client={client} citation={citations[selected] ?? null} />
            </div>
            <div class="pane">
              <ReviewForm review={review} busy={busy} onSubmit={submit} onRelease={release} />
              <h2>Evidence</h2>
              {citations.length === 0 ? (
                <p class="muted">No citations.</p>
              ) : (
                <Citations citations={citations} selected={selected} onSelect={setSelected} />
              )}
            </div>
          </div>
        </>
      ) : (
        <>
          <h2>Pending</h2>
          {pending.error ? (
            <ErrorNote error={pending.error} />
          ) : !pending.data ? (
            <p class="muted">Loading…</p>
          ) : pending.data.length === 0 ? (
            <p class="empty">No review is waiting.</p>
          ) : (
            <div class="table-wrap" tabIndex={0} role="region" aria-label="Reviews">
              <table>
                <caption class="visually-hidden">Pending reviews, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Review</th>
                    <th scope="col">Run</th>
                    <th scope="col">Why</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {pending.data.map((r) => (
                    <tr key={r.id}>
                      <td>{r.id}</td>
                      <td>
                        <Link to={`/runs/${r.run_id}`}>{r.run_id}</Link>
                      </td>
                      <td>
                        {r.blind ? 'blind · ' : ''}
                        {reasonsOf(r)}
                      </td>
                      <td>{when(r.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
