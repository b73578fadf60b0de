/**
 * The input documents a run sends the model, fitted to its token budget: under every model
 * policy the inputs together get at most FULLTEXT_TOKEN_BUDGET tokens, cut by whole pages (sheets, slides, sections)
 * from the end, and shared so that short documents are sent whole before long ones are cut.
 */
import type { CitableSection } from './citations';
import type { RunInput } from './run-context';
import type { Section } from './parsing/types';
import type { StoredSection } from '../domain/documents/stored-text';
import { countTokens, splitByTokens } from './indexing/tokens';
import type { InputBlock } from './prompt';

export interface SentInput {
  id: string;
  filename: string;
  /** The sections sent, in order: a prefix of the document's sections; only the last may be cut short. */
  sections: CitableSection[];
  pagesTotal: number;
  /** Sections sent whole. */
  pagesSent: number;
  tokensTotal: number;
  tokensSent: number;
}

/**
 * Counting yields to the event loop at least this often. Counting runs at about 10 M characters a second, and a
 * run may have 20 inputs of 20 M characters: counted in one go, that blocked the worker's main thread for about
 * 40 s, long enough for every other activity on the worker to miss its heartbeat and every workflow task it held
 * to time out. One section is still counted in one go (a plain-text file is one section: up to about 2 s). The
 * same holds for the references' full texts.
 */
const COUNT_SLICE_MS = 20;

/** A pause for a long loop to call after each step: it yields only once COUNT_SLICE_MS have passed since the last. */
export function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < COUNT_SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * One input as the first pass leaves it: every section's token count, and the sections that may be sent (the
 * longest prefix of whole sections within the whole budget; no allowance is larger). The rest of its text is not
 * held: at the limits a run's inputs are 400 M characters, and only one input's text is in memory at a time.
 */
interface Measured {
  input: RunInput;
  tokens: number[];
  kept: Section[];
}

async function measureInputs(inputs: RunInput[], budget: number): Promise<Measured[]> {
  const pace = pacer();
  const measured: Measured[] = [];
  for (const input of inputs) measured.push(await measureInput(input, budget, pace));
  return measured;
}

/** In its own function so that nothing of the input's text but `kept` outlives it while the next input is read. */
async function measureInput(input: RunInput, budget: number, pace: () => Promise<void>): Promise<Measured> {
  const sections = await input.load();
  const tokens: number[] = [];
  for (const section of sections) {
    // Counted at extraction when the document is long enough to matter (every run recounting cost seconds), else here.
    if (Number.isSafeInteger(section.tokens) && section.tokens! >= 0) {
      tokens.push(section.tokens!);
      continue;
    }
    tokens.push(countTokens(section.text));
    await pace();
  }
  let n = 0;
  for (let sum = 0; n < sections.length && sum + tokens[n]! <= budget; n++) sum += tokens[n]!;
  return { input, tokens, kept: sections.slice(0, n).map(unstored) };
}

/** A stored section as a run uses it: its count stays with the run's own numbers, never on a section cut shorter. */
function unstored({ kind, index, label, text }: StoredSection): Section {
  return { kind, index, label, text };
}

/**
 * The input documents within `budget` tokens: smallest documents first, each allowed an equal share of what is
 * left, so one long document cannot crowd out the others; each keeps whole sections from its start. A first
 * section too long for its share on its own is cut at a token boundary, so the model is never sent nothing; only
 * the part sent is kept (its text read again if it was longer than the whole budget).
 */
export async function fitInputs(inputs: RunInput[], budget: number): Promise<SentInput[]> {
  const measured = await measureInputs(inputs, budget);
  const total = (tokens: number[]) => tokens.reduce((n, t) => n + t, 0);
  const order = measured
    .map((_, i) => i)
    .sort((a, b) => total(measured[a]!.tokens) - total(measured[b]!.tokens) || a - b);
  const sent: SentInput[] = new Array(inputs.length);
  let remaining = budget;
  for (const [position, idx] of order.entries()) {
    const { input, tokens, kept } = measured[idx]!;
    const allowance = Math.floor(remaining / (order.length - position));
    const sections: CitableSection[] = [];
    let used = 0;
    // Whole sections within the allowance are a prefix of `kept`: the allowance is never more than the budget.
    while (sections.length < kept.length && used + tokens[sections.length]! <= allowance) {
      const section = kept[sections.length]!;
      sections.push({ section, sent: section.text.length });
      used += tokens[sections.length - 1]!;
    }
    const whole = sections.length;
    if (whole === 0 && tokens.length > 0 && allowance > 0) {
      const section = kept[0] ?? unstored((await input.load())[0]!);
      const first = splitByTokens(section.text, allowance)[0];
      if (first && first.end > 0) {
        sections.push({ section: { ...section, text: detached(section.text.slice(0, first.end)) }, sent: first.end });
        used += first.tokens;
      }
    }
    remaining -= used;
    sent[idx] = {
      id: input.id,
      filename: input.filename,
      sections,
      pagesTotal: tokens.length,
      pagesSent: whole,
      tokensTotal: total(tokens),
      tokensSent: used,
    };
  }
  return sent;
}

/**
 * A copy of `text` that shares no memory with the string it was cut from: V8 keeps a slice pointing into its
 * parent, so the first 200,000 tokens of a 20 M-character section would otherwise hold all 20 M.
 */
export function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** An input as the prompt shows it: each sent section under its label; a note when the end was left out. */
export function renderInput(input: SentInput): InputBlock {
  const text = input.sections
    .map(({ section, sent }) => `[${section.label}]\n${section.text.slice(0, sent)}`)
    .join('\n\n');
  const complete = input.pagesSent === input.pagesTotal;
  const note = complete
    ? undefined
    : `only the first ${input.pagesSent} of ${input.pagesTotal} pages or sections are included (context budget)`;
  return { id: input.id, filename: input.filename, text, ...(note ? { note } : {}) };
}
