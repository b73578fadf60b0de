/**
 * Outputs the rendering tests share: a realistic evaluation, the `{markdown}` shape, and odd shapes that no
 * renderer may throw on.
 */
import type { RenderMeta } from '../../../activities/rendering';

export const META: RenderMeta = {
  title: 'Supplier contract review',
  runId: 'run_01JD3Q8Z9X7Y6W5V4T3S2R1Q0P',
  createdAt: new Date('2025-03-04T05:06:07Z'),
};

export const EVALUATION = {
  summary: 'The contract covers most obligations; liability and termination need work.',
  overall_score: 72,
  passed: true,
  criteria: [
    { name: 'Clarity', score: 8, comment: 'Plain language, defined terms.' },
    { name: 'Liability cap', score: 4, comment: 'No cap for indirect damages (see §7).' },
    { name: 'Termination', score: 6, comment: 'Notice period is "reasonable" — unspecified.' },
  ],
  recommendations: ['Add a liability cap for indirect damages.', 'Specify a 30-day notice period.'],
};

export const MARKDOWN_OUTPUT = {
  markdown: [
    '# Contract review',
    '',
    '**Overall score:** 72/100',
    '',
    '## Criteria',
    '',
    '| Criterion | Score | Comment |',
    '|---|---|---|',
    '| Clarity | 8 | Plain language |',
    '| Liability cap | 4 | Missing \\| incomplete |',
    '',
    '## Recommendations',
    '',
    '- Add a liability cap',
    '- Specify a *30-day* notice period',
    '',
    '1. First step',
    '2. Second step',
    '',
    'A closing paragraph with `code`',
    'that spans two lines.',
  ].join('\n'),
};

function nested(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: 'bottom' };
  for (let i = depth; i > 0; i -= 1) node = { [`level_${i}`]: node, n: i };
  return node;
}

export const ODD_SHAPES: Record<string, Record<string, unknown>> = {
  empty: {},
  deeplyNested: nested(60),
  veryLongString: { text: 'long '.repeat(20_000), rows: [{ cell: 'y'.repeat(40_000) }] },
  unicode: {
    título: 'Ünïcödé 漢字 😀 مرحبا',
    'emoji 😀 key': '👍🏽',
    controls: 'bell\u0007 nul\u0000 vt\u000B lone\uD800 surrogate \uFFFF end',
  },
  scalars: { zero: 0, negative: -1.5, huge: 1e308, yes: true, no: false, nothing: null },
  arrays: { nested: [[1, 2], [3]], mixed: [1, 'a', null, { b: 2 }], empty: [], emptyObjects: [{}, {}] },
  awkwardKeys: {
    '': 'empty key',
    'a.b': 'dotted',
    '[bad]:*?/\\': [{ a: 1 }],
    ['long sheet name that goes past thirty-one characters']: [{ a: 1 }],
    ['LONG SHEET NAME THAT GOES PAST THIRTY-ONE CHARACTERS']: [{ a: 2 }],
    History: [{ a: 3 }],
    "'quoted'": [{ a: 4 }],
  },
  protoKey: JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>,
  notMarkdownShape: { markdown: 42 },
  emptyMarkdown: { markdown: '' },
  markdownPlusFields: { markdown: '# Title', extra: 'field' },
  raggedTable: { rows: [{ a: 1 }, { b: 'two', c: { nested: true } }, { a: 3, d: [1, 2] }] },
  prototypeNamedColumns: { rows: [{ constructor: 'c', toString: 't' }, { a: 1 }] },
};
