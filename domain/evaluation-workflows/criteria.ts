/**
 * A workflow's criteria against its output schema: each pointer must name
 * a property the schema declares, of a type that fits the criterion's kind, so a criterion never points where no
 * valid output can have a value. The walk follows `properties`, `items`/`prefixItems` and local `$ref`s, and any
 * branch of `anyOf`/`oneOf`/`allOf` that declares the next step.
 */
import type { CriterionDoc } from '../calibration-sets/calibration-sets';

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The JSON types each kind accepts; an enum of values of those types fits as well. */
const FITS: Record<CriterionDoc['kind'], string[]> = {
  ordinal: ['integer', 'number'],
  numeric: ['number', 'integer'],
  boolean: ['boolean'],
  categorical: ['string'],
};

export interface CriterionProblem {
  /** `criteria.<i>.pointer`, as the request validator names a field. */
  path: string;
  message: string;
}

export function criteriaProblems(criteria: readonly CriterionDoc[], root: Schema): CriterionProblem[] {
  const problems: CriterionProblem[] = [];
  criteria.forEach((criterion, i) => {
    const problem = pointerProblem(criterion, root);
    if (problem)
      problems.push({ path: `criteria.${i}.pointer`, message: `criteria[${i}] ("${criterion.key}"): ${problem}` });
  });
  return problems;
}

function pointerProblem(criterion: CriterionDoc, root: Schema): string | null {
  if (criterion.pointer === '') return 'must name a property of the output, not the whole output';
  const tokens = criterion.pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let here: Schema[] = [root];
  for (const [depth, token] of tokens.entries()) {
    const next = here.flatMap((s) => step(root, s, token));
    if (next.length === 0) {
      const at = `/${criterion.pointer
        .slice(1)
        .split('/')
        .slice(0, depth + 1)
        .join('/')}`;
      return `the output_schema declares no property at ${at}`;
    }
    here = next;
  }
  const types = here.flatMap((s) => typesOf(root, s));
  if (types.length === 0 || types.some((t) => FITS[criterion.kind].includes(t))) return null;
  return `the output_schema declares ${criterion.pointer} as ${[...new Set(types)].join(' or ')}, which does not fit a ${criterion.kind} criterion (${FITS[criterion.kind].join(' or ')})`;
}

/** The schemas of `token` under `schema`, through references and combinators. */
function step(root: Schema, schema: Schema, token: string, depth = 0): Schema[] {
  if (depth > 20) return [];
  const out: Schema[] = [];
  const resolved = resolve(root, schema);
  if (!resolved) return out;
  const properties = resolved.properties;
  if (isSchema(properties) && isSchema(properties[token])) out.push(properties[token]);
  if (/^(0|[1-9][0-9]*)$/.test(token)) {
    const prefix = resolved.prefixItems;
    if (Array.isArray(prefix) && isSchema(prefix[Number(token)])) out.push(prefix[Number(token)] as Schema);
    else if (isSchema(resolved.items)) out.push(resolved.items);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = resolved[key];
    if (Array.isArray(branches))
      for (const b of branches) if (isSchema(b)) out.push(...step(root, b, token, depth + 1));
  }
  return out;
}

/** The JSON types a schema allows, from `type`, `enum`/`const` and its branches; empty when it does not say. */
function typesOf(root: Schema, schema: Schema, depth = 0): string[] {
  const resolved = depth > 20 ? null : resolve(root, schema);
  if (!resolved) return [];
  const out: string[] = [];
  const type = resolved.type;
  if (typeof type === 'string') out.push(type);
  else if (Array.isArray(type)) out.push(...type.filter((t): t is string => typeof t === 'string'));
  const values = Array.isArray(resolved.enum) ? resolved.enum : 'const' in resolved ? [resolved.const] : [];
  if (!out.length) for (const v of values) out.push(Number.isInteger(v) ? 'integer' : v === null ? 'null' : typeof v);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = resolved[key];
    if (Array.isArray(branches)) for (const b of branches) if (isSchema(b)) out.push(...typesOf(root, b, depth + 1));
  }
  return out.filter((t) => t !== 'null');
}

/** A local `$ref` (`#/…`) followed to its schema; other references cannot be checked here and answer null. */
function resolve(root: Schema, schema: Schema): Schema | null {
  let here: Schema = schema;
  for (let hops = 0; typeof here.$ref === 'string' && hops < 20; hops++) {
    const ref = here.$ref as string;
    if (!ref.startsWith('#')) return null;
    let target: unknown = root;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isSchema(target) ? target[token] : undefined;
    }
    if (!isSchema(target)) return null;
    here = target;
  }
  return here;
}
