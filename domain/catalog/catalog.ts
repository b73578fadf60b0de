/**
 * The product and prompt-template catalog: data, not code. The seed files beside this module are loaded at
 * start-up (idempotently: upsert by code/id, `created_at` kept), so changing the catalog is editing JSON.
 * The catalog is global; no account owns it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Db } from 'mongodb';
import { z } from 'zod';
import generationSeed from './generation.json';
import productsSeed from './products.json';
import templatesSeed from './prompt-templates.json';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';

export const OUTPUT_FORMATS = ['json', 'markdown', 'docx', 'xlsx', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const MODEL_POLICIES = ['auto', 'provider-a-file-search', 'provider-b-1m-fulltext', 'hybrid'] as const;
export type ModelPolicy = (typeof MODEL_POLICIES)[number];
export const TEMPLATE_CATEGORIES = ['education', 'legal', 'grading', 'hr', 'general'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** What an input page read by OCR adds to a run's price when the catalog does not say. */
export const DEFAULT_CREDITS_PER_OCR_PAGE = 0.05;

/** An economy batch item's share of its ordinary price when the catalog does not say. */
export const DEFAULT_ECONOMY_DISCOUNT = 0.5;

const ProductSeed = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/),
  name: z.string().min(1),
  description: z.string().nullable(),
  status: z.enum(['active', 'beta', 'deprecated']),
  default_model_policy: z.enum(MODEL_POLICIES),
  default_mode: z.enum(['sync', 'async']),
  recommended_output_format: z.enum(OUTPUT_FORMATS),
  pricing: z.object({
    credits_per_run: z.number().min(0),
    credits_per_page: z.number().min(0),
    credits_per_1k_reference_tokens: z.number().min(0),
    /** Each input page read by OCR, on top of its page price. */
    credits_per_ocr_page: z.number().min(0).default(DEFAULT_CREDITS_PER_OCR_PAGE),
    /** What an economy batch item pays of its ordinary quote, in (0, 1]. */
    economy_discount: z.number().gt(0).max(1).default(DEFAULT_ECONOMY_DISCOUNT),
  }),
});

const TemplateSeed = z.object({
  id: z.string().regex(/^tpl_[a-z0-9_]+$/),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  category: z.enum(TEMPLATE_CATEGORIES),
  description: z.string().nullable(),
  recommended_output_format: z.enum(OUTPUT_FORMATS).nullable(),
  version: z.number().int().positive(),
  user_prompt_seed: z.string().min(40),
});

/** What a live prompt generation costs: catalog data, like the products' prices. */
const GenerationPricing = z.object({ credits_per_generation: z.number().min(0).default(0.1) });
export const GENERATION_PRICING = GenerationPricing.parse(generationSeed);

export type Product = z.infer<typeof ProductSeed>;
export type PromptTemplate = z.infer<typeof TemplateSeed>;

export interface ProductDoc extends Product {
  _id: string;
  created_at: Date;
}
export interface TemplateDoc extends PromptTemplate {
  _id: string;
  locale: string;
  created_at: Date;
}

export async function ensureCatalog(db: Db): Promise<void> {
  const products = z.array(ProductSeed).parse(productsSeed);
  const templates = z.array(TemplateSeed).parse(templatesSeed);
  const now = new Date();
  // Only entries that differ from what is stored are written: every process start seeds, and on a busy database
  // sixteen upserts in a row took tens of seconds of start-up where two reads take milliseconds.
  const storedProducts = new Map(
    (await db.collection<ProductDoc>(COLLECTIONS.products).find({}).toArray()).map((d) => [d._id, d]),
  );
  const storedTemplates = new Map(
    (await db.collection<TemplateDoc>(COLLECTIONS.promptTemplates).find({}).toArray()).map((d) => [d._id, d]),
  );
  for (const p of products) {
    if (seeded(storedProducts.get(p.code), p)) continue;
    await db
      .collection<ProductDoc>(COLLECTIONS.products)
      .updateOne({ _id: p.code }, { $set: p, $setOnInsert: { created_at: now } }, { upsert: true })
      .catch(ignoreDuplicate);
  }
  for (const t of templates) {
    const fields = { ...t, locale: 'en' };
    if (seeded(storedTemplates.get(t.id), fields)) continue;
    await db
      .collection<TemplateDoc>(COLLECTIONS.promptTemplates)
      .updateOne({ _id: t.id }, { $set: fields, $setOnInsert: { created_at: now } }, { upsert: true })
      .catch(ignoreDuplicate);
  }
}

/** True when the stored entry already has every seeded field with the seeded value. */
function seeded(stored: Record<string, unknown> | undefined, fields: Record<string, unknown>): boolean {
  return stored !== undefined && Object.entries(fields).every(([k, v]) => isDeepStrictEqual(stored[k], v));
}

function ignoreDuplicate(err: unknown): void {
  // API and worker seeding at the same moment: the loser's upsert collides on _id, and the row is there.
  if ((err as { code?: number }).code !== 11000) throw err;
}

export function productView(p: ProductDoc) {
  return {
    code: p.code,
    object: 'product' as const,
    name: p.name,
    description: p.description,
    status: p.status,
    default_model_policy: p.default_model_policy,
    default_mode: p.default_mode,
    recommended_output_format: p.recommended_output_format,
    // A product stored before OCR pages were priced is re-seeded at start-up; until then it answers the default.
    pricing: {
      ...p.pricing,
      credits_per_ocr_page: p.pricing.credits_per_ocr_page ?? DEFAULT_CREDITS_PER_OCR_PAGE,
      economy_discount: p.pricing.economy_discount ?? DEFAULT_ECONOMY_DISCOUNT,
    },
    created_at: p.created_at.toISOString(),
  };
}

export function templateView(t: TemplateDoc) {
  return {
    id: t.id,
    object: 'prompt_template' as const,
    slug: t.slug,
    title: t.title,
    category: t.category,
    description: t.description,
    user_prompt_seed: t.user_prompt_seed,
    locale: t.locale,
    recommended_output_format: t.recommended_output_format,
    version: t.version,
  };
}

export async function listProducts(db: Db) {
  return db
    .collection<ProductDoc>(COLLECTIONS.products)
    .find({}, { sort: { _id: 1 } })
    .toArray();
}

export async function getProduct(db: Db, code: string): Promise<ProductDoc> {
  const product = await db.collection<ProductDoc>(COLLECTIONS.products).findOne({ _id: code });
  if (!product) throw errors.notFound('product');
  return product;
}

/**
 * Reads of one catalog entry by id, remembered per process for CATALOG_CACHE_MS: every run creation and quote reads
 * its product and template, and the catalog changes only when a deployment seeds it.
 */
const CATALOG_CACHE_MS = 30_000;
const catalogReads = new WeakMap<Db, Map<string, { at: number; doc: Promise<unknown> }>>();

function cachedRead<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  let cache = catalogReads.get(db);
  if (!cache) catalogReads.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CATALOG_CACHE_MS) return hit.doc as Promise<T>;
  const doc = read();
  cache.set(key, { at: Date.now(), doc });
  // A failed read is not remembered: the next caller asks the database again.
  void doc.catch(() => cache.delete(key));
  return doc;
}

export async function findProduct(db: Db, code: string): Promise<ProductDoc | null> {
  return cachedRead(db, `product:${code}`, () =>
    db.collection<ProductDoc>(COLLECTIONS.products).findOne({ _id: code }),
  );
}

export async function listTemplates(db: Db, category?: TemplateCategory) {
  return db
    .collection<TemplateDoc>(COLLECTIONS.promptTemplates)
    .find(category ? { category } : {}, { sort: { category: 1, _id: 1 } })
    .toArray();
}

export async function findTemplate(db: Db, id: string): Promise<TemplateDoc | null> {
  return cachedRead(db, `template:${id}`, () =>
    db.collection<TemplateDoc>(COLLECTIONS.promptTemplates).findOne({ _id: id }),
  );
}

/**
 * An item's economy quote in milli-credits: `discount` of its ordinary quote, rounded down so the economy price never
 * exceeds what the discount promises. A discount outside (0, 1] is a catalog error, not something to price with.
 */
export function economyQuoteMilli(ordinaryMilli: number, discount: number = DEFAULT_ECONOMY_DISCOUNT): number {
  if (!(discount > 0 && discount <= 1)) throw new Error(`economy_discount must be in (0, 1], not ${discount}`);
  return Math.floor(ordinaryMilli * discount);
}
