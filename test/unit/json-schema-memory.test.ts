/**
 * What checking many distinct output schemas retains. ajv keeps every schema an instance
 * compiles for the instance's life; one instance for the process grew with every workflow ever created or run.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { schemaProblems, validateAgainstSchema } from '../../domain/json-schema/validate';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** A distinct schema of about 20 KB that compiles in a millisecond: its size is in a description. */
const schemaNo = (n: number) => ({
  type: 'object',
  description: `${n} `.padEnd(20_000, 'x'),
  properties: { score: { type: 'integer', minimum: 0 } },
  required: ['score'],
});

it('stays bounded over 600 distinct schemas of 20 KB (12 MB of them), and each still validates', () => {
  schemaProblems(schemaNo(-1));
  const before = heapUsed();
  for (let n = 0; n < 600; n++) expect(schemaProblems(schemaNo(n))).toEqual([]);
  const grown = heapUsed() - before;
  // One ajv instance for the process retained all 600 and the newest 500 again in the cache: about 25 MB.
  expect(grown).toBeLessThan(8_000_000);
  // Old schemas compile again when needed; recent ones are still known.
  expect(validateAgainstSchema(schemaNo(0), { score: 1 }).valid).toBe(true);
  expect(validateAgainstSchema(schemaNo(599), { score: -1 }).valid).toBe(false);
});
