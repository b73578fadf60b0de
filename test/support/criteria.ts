/** An essay workflow's output schema and its criteria, for tests of confidence and reviews. */
export const ESSAY_SCHEMA = {
  type: 'object',
  properties: {
    score: { type: 'integer', minimum: 1, maximum: 5 },
    label: { type: 'string', enum: ['weak', 'fair', 'strong'] },
    pass: { type: 'boolean' },
    note: { type: 'string' },
  },
  required: ['score', 'label', 'pass', 'note'],
  additionalProperties: false,
};

export const ESSAY_CRITERIA = [
  { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 },
  { key: 'label', pointer: '/label', kind: 'categorical', labels: ['weak', 'fair', 'strong'] },
  { key: 'pass', pointer: '/pass', kind: 'boolean' },
];
