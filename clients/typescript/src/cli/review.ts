/**
 * `assay review [--reviewer NAME] [--workflow ID]`: works the review queue in the terminal. Claims the oldest pending
 * review, shows each input document's text with the run's evidence marked, asks for each criterion's value, submits,
 * and claims the next; quits on `q` (releasing the claim) or when the queue is empty. Reads its answers line by line,
 * so it works the same from a terminal and from piped input.
 */
import { createInterface } from 'node:readline';
import { userInfo } from 'node:os';
import type { Assay, DocumentText, Review, RunCitation } from '../client';
import { AssayError } from '../errors';
import { describeScale, parseReviewAnswer, type ReviewValue } from '../reviews';
import type { Io, Values } from './io';

/**
 * Every section of `doc` as text, each cited quote marked `»…«[n]` where `n` numbers the citation in `citations`
 * (overlapping quotes after the first are left unmarked; the list below the text still names them).
 */
export function markedText(doc: DocumentText, citations: RunCitation[]): string[] {
  const lines: string[] = [];
  for (const section of doc.sections) {
    const marks = citations
      .map((c, i) => ({ c, n: i + 1 }))
      .filter(
        ({ c }) =>
          c.input?.document_id === doc.document_id &&
          c.input.location.kind === section.kind &&
          c.input.location.index === section.index,
      )
      .sort((a, b) => a.c.input!.start - b.c.input!.start);
    let text = '';
    let at = 0;
    for (const { c, n } of marks) {
      const { start, end } = c.input!;
      if (start < at) continue;
      text += `${section.text.slice(at, start)}»${section.text.slice(start, end)}«[${n}]`;
      at = end;
    }
    text += section.text.slice(at);
    lines.push(`── ${section.label} ──`, text);
  }
  return lines;
}

/** One line per citation: its number, criterion and quote (or that the model found none). */
export function evidenceList(citations: RunCitation[]): string[] {
  return citations.map(
    (c, i) =>
      `[${i + 1}] ${c.criterion}: ${c.quote ? `"${c.quote}"${c.input ? ` (${c.input.location.label})` : ''}` : 'no evidence found'}`,
  );
}

const reasonsOf = (r: Review) =>
  r.reasons.map((x) => (x.kind === 'low_confidence' ? `low confidence on ${x.criterion}` : x.kind)).join(', ');

/** What an unreadable part of the evidence says instead of stopping the review (a key without `runs:read`…). */
const unreadable = (what: string, err: unknown) =>
  `(${what} not shown: ${err instanceof AssayError ? `${err.code}` : err instanceof Error ? err.message : String(err)})`;

async function showEvidence(client: Assay, review: Review, io: Io): Promise<void> {
  let citations: RunCitation[] = [];
  try {
    citations = (await client.runs.get(review.run_id)).citations ?? [];
  } catch (err) {
    io.out(unreadable("the run's citations", err));
  }
  for (const docId of review.input_documents) {
    try {
      for (const line of markedText(await client.documents.text(docId), citations)) io.out(line);
    } catch (err) {
      io.out(unreadable(`document ${docId}`, err));
    }
  }
  if (citations.length > 0) {
    io.out('── evidence ──');
    for (const line of evidenceList(citations)) io.out(line);
  }
}

export interface ReviewIo extends Io {
  /** Where the answers come from, one per line (stdin by default). */
  input?: NodeJS.ReadableStream;
  /** Writes a prompt without ending the line (stdout by default). */
  prompt?: (text: string) => void;
}

export async function reviewCommand(client: Assay, values: Values, io: ReviewIo): Promise<number> {
  const reviewer = (values.reviewer as string | undefined) ?? process.env.ASSAY_REVIEWER ?? userInfo().username;
  const workflowId = values.workflow as string | undefined;
  const prompt = io.prompt ?? ((text: string) => void process.stdout.write(text));
  const rl = createInterface({ input: io.input ?? process.stdin, terminal: false });
  // The iterator buffers lines that arrive before they are asked for, as piped input does.
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (text: string): Promise<string | null> => {
    prompt(text);
    const next = await lines.next();
    return next.done ? null : next.value;
  };
  let done = 0;
  try {
    for (;;) {
      const review = await client.reviews.claimNext({ reviewer, ...(workflowId ? { workflow_id: workflowId } : {}) });
      if (!review) {
        io.out(`The queue is empty: ${done} reviewed.`);
        return 0;
      }
      io.out(
        `\nReview ${review.id} · run ${review.run_id} · ${review.blind ? 'blind' : 'open'} · ${reasonsOf(review)}` +
          ` · claimed until ${review.claim_expires_at ?? '—'}`,
      );
      await showEvidence(client, review, io);
      io.out(
        review.blind
          ? '── criteria (blind: answer every one; q quits) ──'
          : "── criteria (empty keeps the model's value; q quits) ──",
      );
      const answers: Record<string, ReviewValue> = {};
      for (const c of review.criteria) {
        const model =
          review.blind || c.model_value === undefined
            ? ''
            : ` [model: ${c.model_value === null ? 'none' : String(c.model_value)}${typeof c.confidence === 'number' ? `, confidence ${c.confidence.toFixed(2)}` : ''}]`;
        for (;;) {
          const text = await ask(`${c.key} (${describeScale(c)})${model}: `);
          if (text === null || text.trim() === 'q') {
            await client.reviews.release(review.id, { reviewer });
            io.out(`\nReleased ${review.id}; ${done} reviewed.`);
            return 0;
          }
          const answer = parseReviewAnswer(c, text, review.blind);
          if ('error' in answer) {
            io.out(`  ${answer.error}`);
            continue;
          }
          if ('value' in answer) answers[c.key] = answer.value;
          break;
        }
      }
      const submitted = await client.reviews.submit(review.id, { reviewer, values: answers });
      done += 1;
      io.out(`Submitted ${submitted.id} (${submitted.status}).`);
    }
  } finally {
    rl.close();
  }
}
