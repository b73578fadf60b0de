/**
 * The test-mode "model": a deterministic output seeded by the run id, so a test-mode run
 * exercises the whole pipeline without a model call, and a retried activity produces the very same output. With an
 * `output_schema` the stub is a sample instance of it (domain/json-schema/sample.ts, valid by the same check as a
 * live answer); without one it is a plausible evaluation report. `stubEvidence` cites real sentences of the run's
 * inputs for it, as a model would.
 */
import { mulberry32, sampleInstance, seedFrom } from '../../domain/json-schema/sample';
import { normalizeSchema } from '../../domain/json-schema/validate';
import type { CitableInput, EvidenceClaim } from '../citations';
import { markdownFromObject } from '../rendering/markdown';
import { isPlainObject, type PlainObject } from '../rendering/shape';
import type { OutputFormat } from '../rendering/types';
import { writePointer, type Criterion, type LabelValue } from '../../domain/confidence/consensus';
import { readPointer } from '../../domain/agreement-metrics/pointer';

export interface StubInput {
  runId: string;
  format: OutputFormat;
  schema?: Record<string, unknown> | null;
}

export async function stubOutput(input: StubInput): Promise<Record<string, unknown>> {
  const seed = seedFrom(input.runId);
  const schema = input.schema ? normalizeSchema(input.schema) : undefined;
  const result = schema ? await sampleInstance(schema, input.runId) : evaluationStub(input.runId, seed);
  // A markdown run's output is `{markdown}` whatever the schema; the text shows the stub's fields.
  if (input.format === 'markdown') {
    return { markdown: markdownFromObject(isPlainObject(result) ? result : { value: result }, STUB_TITLE) };
  }
  if (!isPlainObject(result)) {
    throw new Error(`The output_schema describes ${kindOf(result)}, not an object: outputs are JSON objects.`);
  }
  return result;
}

const STUB_TITLE = 'Evaluation report (test mode)';

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : `a ${typeof value}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Evidence
// ---------------------------------------------------------------------------------------------------------------

export interface StubEvidenceInput {
  runId: string;
  output: Record<string, unknown>;
  /** The input text the run would send a model. */
  inputs: CitableInput[];
  /** The reference chunks it would send, in prompt order. */
  chunkIds: string[];
}

const MAX_STUB_CRITERIA = 5;
const MAX_STUB_QUOTE = 240;

/**
 * Evidence as a model would state it, drawn from the real documents: for each judged criterion one sentence of the
 * input (character for character, so it passes the same verification as a live answer) and one of the reference
 * chunks the run's context holds. Seeded by the run id, so a retried activity cites the very same passages.
 */
export function stubEvidence(input: StubEvidenceInput): EvidenceClaim[] {
  const random = mulberry32(seedFrom(`${input.runId}#evidence`));
  const pool = input.inputs.flatMap((doc) =>
    doc.sections.flatMap(({ section, sent }) =>
      sentencesOf(section.text.slice(0, sent)).map((quote) => ({ documentId: doc.documentId, quote })),
    ),
  );
  return criteriaOf(input.output).map((criterion) => {
    const reference_chunk_id = input.chunkIds.length
      ? (input.chunkIds[Math.floor(random() * input.chunkIds.length)] as string)
      : null;
    if (pool.length === 0)
      return { criterion, quote: null, document_id: null, reference_chunk_id, insufficient_evidence: true };
    const picked = pool.splice(Math.floor(random() * pool.length), 1)[0]!;
    return {
      criterion,
      quote: picked.quote,
      document_id: picked.documentId,
      reference_chunk_id,
      insufficient_evidence: false,
    };
  });
}

/** What the output judged: its criteria's names, else its top-level fields, else the document as a whole. */
function criteriaOf(output: Record<string, unknown>): string[] {
  const criteria = Array.isArray(output.criteria) ? output.criteria : [];
  const names = criteria.flatMap((c) =>
    isPlainObject(c) && typeof c.name === 'string' && c.name.trim() ? [c.name.trim()] : [],
  );
  if (names.length) return names.slice(0, MAX_STUB_CRITERIA);
  const fields = typeof output.markdown === 'string' ? [] : Object.keys(output);
  return fields.length ? fields.slice(0, MAX_STUB_CRITERIA) : ['Overall'];
}

/** Sentences with some substance, as they stand in the text (a long one cut at a word, still verbatim). */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/[^\n.!?]+[.!?]?/g)) {
    let sentence = match[0].trim();
    if (sentence.length < 12 || !/\p{L}/u.test(sentence)) continue;
    if (sentence.length > MAX_STUB_QUOTE)
      sentence =
        sentence.slice(0, sentence.lastIndexOf(' ', MAX_STUB_QUOTE)).trim() || sentence.slice(0, MAX_STUB_QUOTE);
    out.push(sentence);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Without a schema: a plausible evaluation report
// ---------------------------------------------------------------------------------------------------------------

interface CriterionText {
  name: string;
  strong: string;
  weak: string;
  advice: string;
}

const CRITERIA: readonly CriterionText[] = [
  {
    name: 'Clarity',
    strong: 'Plain language throughout; terms are defined before use.',
    weak: 'Several passages are ambiguous and rely on undefined terms.',
    advice: 'Define key terms once and rewrite the ambiguous passages in plain language.',
  },
  {
    name: 'Completeness',
    strong: 'Every section the rubric expects is present.',
    weak: 'Some sections the rubric expects are missing or only sketched.',
    advice: 'Add the missing sections and expand the ones that are only outlined.',
  },
  {
    name: 'Accuracy',
    strong: 'Figures and references match the reference documents.',
    weak: 'A few figures do not match the reference documents.',
    advice: 'Reconcile the figures with the reference documents and cite the sources.',
  },
  {
    name: 'Consistency',
    strong: 'Terminology and formatting are consistent.',
    weak: 'Terminology drifts between sections.',
    advice: 'Use one term per concept and apply a single formatting style.',
  },
  {
    name: 'Compliance',
    strong: 'Meets every mandatory requirement of the criteria.',
    weak: 'Two mandatory requirements are only partly addressed.',
    advice: 'Address each mandatory requirement explicitly, with a pointer to where it is met.',
  },
  {
    name: 'Structure',
    strong: 'Logical order with a clear summary up front.',
    weak: 'The order of sections makes the argument hard to follow.',
    advice: 'Lead with a summary and group related sections together.',
  },
  {
    name: 'Evidence',
    strong: 'Claims are backed by data or citations.',
    weak: 'Several claims lack supporting evidence.',
    advice: 'Support each key claim with data or a citation.',
  },
];

/** The stub's evaluation report: 3–5 criteria scored 40–98, the overall score their mean, advice for the weak ones. */
function evaluationStub(runId: string, seed: number): PlainObject {
  const random = mulberry32(seed);
  const pool = [...CRITERIA];
  const count = 3 + Math.floor(random() * 3);
  const picked = Array.from(
    { length: count },
    () => pool.splice(Math.floor(random() * pool.length), 1)[0] as CriterionText,
  );
  const scored = picked.map((c) => ({ text: c, score: 40 + Math.floor(random() * 59) }));
  const criteria = scored.map(({ text, score }) => ({
    name: text.name,
    score,
    comment: score >= 75 ? text.strong : text.weak,
  }));
  const overall = Math.round(scored.reduce((sum, c) => sum + c.score, 0) / scored.length);
  const byScore = [...scored].sort((a, b) => a.score - b.score);
  const weakest = byScore[0] as (typeof scored)[number];
  const strongest = byScore[byScore.length - 1] as (typeof scored)[number];
  const weak = scored.filter((c) => c.score < 75);
  const recommendations = (weak.length > 0 ? weak : [weakest]).map((c) => c.text.advice);
  return {
    summary:
      `Test-mode evaluation of run ${runId} (no model was called). Overall ${overall}/100: ` +
      `strongest on ${strongest.text.name.toLowerCase()}, weakest on ${weakest.text.name.toLowerCase()}.`,
    overall_score: overall,
    criteria,
    recommendations,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Repeated judgments (a workflow's confidence samples)
// ---------------------------------------------------------------------------------------------------------------

export interface StubJudgmentsInput {
  /** The stub's one output (sample 0): every other sample is it with some criteria changed. */
  output: Record<string, unknown>;
  criteria: readonly Criterion[];
  /** What the pattern depends on: the run's input documents, so the same document splits the same way every time. */
  documentIds: readonly string[];
  samples: number;
}

/**
 * k answers as a model sampled k times might give them, for free and the same on every attempt: per criterion,
 * seeded by the documents and its key, all samples agree (about 40 %), the last one differs (30 %), or every odd
 * one does (30 %), so some criteria are unanimous and some split, and confidence and review can be tried in test mode.
 */
export function stubJudgments(input: StubJudgmentsInput): Record<string, unknown>[] {
  const answers = Array.from({ length: input.samples }, () => structuredClone(input.output));
  for (const criterion of input.criteria) {
    const random = mulberry32(seedFrom(`${input.documentIds.join(',')}#${criterion.key}`));
    const r = random();
    if (r < 0.4 || input.samples < 2) continue;
    const value = readPointer(input.output, criterion.pointer);
    const other = otherValue(criterion, value);
    if (other === undefined) continue;
    answers.forEach((answer, i) => {
      const differs = r < 0.7 && input.samples >= 3 ? i === input.samples - 1 : i % 2 === 1;
      if (differs) writePointer(answer, criterion.pointer, other);
    });
  }
  return answers;
}

/** A value of the criterion's kind near `value` but not equal to it (as equality counts for numeric), or none. */
function otherValue(criterion: Criterion, value: unknown): LabelValue | undefined {
  switch (criterion.kind) {
    case 'ordinal':
      if (typeof value !== 'number') return undefined;
      return criterion.max !== undefined && value >= criterion.max ? value - 1 : value + 1;
    case 'numeric': {
      if (typeof value !== 'number') return undefined;
      const range = criterion.min !== undefined && criterion.max !== undefined ? criterion.max - criterion.min : null;
      const step = range !== null ? range / 4 : Math.max(1, Math.abs(value) / 2);
      return criterion.max !== undefined && value + step > criterion.max ? value - step : value + step;
    }
    case 'boolean':
      return typeof value === 'boolean' ? !value : undefined;
    case 'categorical': {
      const labels = criterion.labels ?? [];
      if (typeof value !== 'string' || labels.length < 2) return undefined;
      return labels[(labels.indexOf(value) + 1) % labels.length];
    }
  }
}
