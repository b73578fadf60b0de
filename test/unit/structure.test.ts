/**
 * Ownership rules of the source tree, checked on the files themselves: one module writes the runs collection
 * (domain/runs/), and one module talks to Temporal as a client (the jobs gateway, domain/jobs/).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SOURCE_DIRS = ['api', 'domain', 'activities', 'workflows', 'worker', 'scripts', 'bench', 'test'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : tsFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const files = SOURCE_DIRS.flatMap((d) => tsFiles(join(ROOT, d))).map((p) => ({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') }));
const product = files.filter((f) => !f.path.startsWith('test/') && !f.path.startsWith('bench/'));

const WRITES = 'insertOne|insertMany|updateOne|updateMany|findOneAndUpdate|findOneAndReplace|findOneAndDelete|replaceOne|deleteOne|deleteMany|bulkWrite';

/**
 * Whether `text` writes the runs collection: a write method called on an expression that names it
 * (`db.collection(COLLECTIONS.runs).updateOne`), or on a name bound to it (`const runs = … COLLECTIONS.runs …`,
 * then `runs.updateOne(` or `runs(tenant).updateOne(`). Chains split over lines are joined first.
 */
function writesRuns(source: string): boolean {
  const text = source.replace(/\)\s*\n\s*\./g, ').').replace(/\n\s*\./g, '.');
  if (new RegExp(`collection(<[^>]*>)?\\(COLLECTIONS\\.runs\\)\\.(${WRITES})\\(`).test(text)) return true;
  const bound = [...text.matchAll(/(?:const|let)\s+(\w+)\s*=[^;\n]*COLLECTIONS\.runs/g)].map((m) => m[1]!);
  return bound.some((name) => new RegExp(`\\b${name}(\\([^)]*\\))?\\.(${WRITES})\\(`).test(text));
}

describe('source ownership', () => {
  it('the heuristic recognises each way the code base writes a collection', () => {
    expect(writesRuns('await db.collection<RunDoc>(COLLECTIONS.runs).updateOne({}, {})')).toBe(true);
    expect(writesRuns('await db\n  .collection<RunDoc>(COLLECTIONS.runs)\n  .updateOne({}, {})')).toBe(true);
    expect(writesRuns('const runs = (t: TenantDb) => t.collection<RunDoc>(COLLECTIONS.runs);\nawait runs(tenant).findOneAndUpdate({}, {})')).toBe(true);
    expect(writesRuns('const runs = db.collection<RunDoc>(COLLECTIONS.runs);\nawait runs.insertOne(doc)')).toBe(true);
    expect(writesRuns('const runs = db.collection<RunDoc>(COLLECTIONS.runs);\nawait runs.findOne({})')).toBe(false);
    expect(writesRuns('await db.collection(COLLECTIONS.documents).updateOne({}, {})')).toBe(false);
  });

  it('exactly one module writes the runs collection: domain/runs/', () => {
    const writers = product.filter((f) => writesRuns(f.text)).map((f) => f.path);
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((p) => !p.startsWith('domain/runs/'))).toEqual([]);
  });

  it('no module but the jobs gateway imports @temporalio/client, the local stack tooling and the tests included', () => {
    const importers = files.filter((f) => /from '@temporalio\/client'|require\('@temporalio\/client'\)|import\('@temporalio\/client'\)/.test(f.text)).map((f) => f.path);
    expect(importers.some((p) => p.startsWith('domain/jobs/'))).toBe(true);
    expect(importers.filter((p) => !p.startsWith('domain/jobs/'))).toEqual([]);
  });
});
