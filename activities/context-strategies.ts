/** Which references a run sends the model, one strategy per model policy. */
import type { ModelPolicy } from '../domain/catalog/catalog';
import type { RagStrategy } from '../domain/runs/schemas';
import type { ContextReference, ReferenceSources } from './reference-sources';

type Chosen = { strategy: RagStrategy; references: ContextReference[] };
type Strategy = (sources: ReferenceSources, limits: { budget: number; inputTokens: number }) => Promise<Chosen>;

/** The references as full text, up to the model's window. */
const fullTextStrategy: Strategy = async (sources) => ({
  strategy: 'fulltext',
  references: (await sources.full()).blocks,
});

/** The best-ranked chunks. */
const retrievalStrategy =
  (strategy: 'file_search' | 'hybrid'): Strategy =>
  async (sources) => ({ strategy, references: await sources.retrieved() });

/**
 * `auto`: full text when the references and the inputs fit the budget whole, else file search. Chunk records carry
 * their token counts, the overlap between chunks included (an eighth of a chunk at most). References at more than
 * twice the budget cannot fit as full text: their whole text is not read and counted only to find that out (20 M
 * characters of CJK take minutes to count).
 */
export const autoStrategy: Strategy = async (sources, { budget, inputTokens }) => {
  if ((await sources.countIndexed()) > 2 * budget)
    return retrievalStrategy('file_search')(sources, { budget, inputTokens });
  const whole = await sources.full();
  const tokens = whole.blocks.reduce((n, r) => n + r.tokens, 0) + inputTokens;
  if (!whole.cut && tokens <= budget) return { strategy: 'fulltext', references: whole.blocks };
  return retrievalStrategy('file_search')(sources, { budget, inputTokens });
};

/** One retrieval strategy per model policy. */
export const STRATEGIES: Record<ModelPolicy, Strategy> = {
  'provider-b-1m-fulltext': fullTextStrategy,
  hybrid: retrievalStrategy('hybrid'),
  'provider-a-file-search': retrievalStrategy('file_search'),
  auto: autoStrategy,
};
