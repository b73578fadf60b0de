/**
 * Ownership rules of the source tree, checked on the files themselves: activities reach the database only through
 * its owners in domain/, one module writes the runs collection (domain/runs/), one each owns the documents' and reference documents' stored artifacts (domain/documents/:
 * records, originals, extracted text, chunks and indexes), and one module talks to Temporal as a client (the jobs
 * gateway, domain/jobs/).
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

const files = SOURCE_DIRS.flatMap((d) => tsFiles(join(ROOT, d))).map((p) => ({
  path: relative(ROOT, p),
  text: readFileSync(p, 'utf8'),
}));
const product = files.filter((f) => !f.path.startsWith('test/') && !f.path.startsWith('bench/'));

const WRITES =
  'insertOne|insertMany|updateOne|updateMany|findOneAndUpdate|findOneAndReplace|findOneAndDelete|replaceOne|deleteOne|deleteMany|bulkWrite';

/** What a collection's declaration (domain/store/collection.ts) offers that writes it. */
const DECLARED_WRITES = 'insert|insertMany|insertOnce|transition|remove|purge';

/** The names declared anywhere with `defineCollection` over `COLLECTIONS.<name>` (`export const DOCUMENTS = …`). */
const declaredAs = (name: string, sources: Array<{ text: string }>) =>
  sources.flatMap(({ text }) =>
    [
      ...text.matchAll(
        new RegExp(`const\\s+(\\w+)\\s*=\\s*defineCollection\\b[^;]*?collection:\\s*COLLECTIONS\\.${name}\\b`, 'g'),
      ),
    ].map((m) => m[1]!),
  );

/**
 * Whether `text` writes the collection `COLLECTIONS.<name>`: a write method called on an expression that names it
 * (`db.collection(COLLECTIONS.runs).updateOne`), or on a name bound to it (`const runs = … COLLECTIONS.runs …`,
 * then `runs.updateOne(` or `runs(tenant).updateOne(`), or through its declaration, named in `declared`
 * (`DOCUMENTS.transition(`, `DOCUMENTS.in(tenant).updateOne(`). Chains split over lines are joined first.
 */
function writesCollection(source: string, name: string, declared: string[] = []): boolean {
  const text = source.replace(/\)\s*\n\s*\./g, ').').replace(/\n\s*\./g, '.');
  if (new RegExp(`collection(<[^>]*>)?\\(COLLECTIONS\\.${name}\\)\\.(${WRITES})\\(`).test(text)) return true;
  for (const d of declared) {
    if (new RegExp(`\\b${d}\\.(${DECLARED_WRITES})\\(`).test(text)) return true;
    if (new RegExp(`\\b${d}\\.(in|across)\\([^)]*\\)\\.(${WRITES})\\(`).test(text)) return true;
  }
  const bound = [...text.matchAll(new RegExp(`(?:const|let)\\s+(\\w+)\\s*=[^;\\n]*COLLECTIONS\\.${name}\\b`, 'g'))].map(
    (m) => m[1]!,
  );
  return bound.some((b) => new RegExp(`\\b${b}(\\([^)]*\\))?\\.(${WRITES})\\(`).test(text));
}

const writesRuns = (source: string) => writesCollection(source, 'runs');
const writersOf = (name: string) => {
  const declared = declaredAs(name, product);
  return product.filter((f) => writesCollection(f.text, name, declared)).map((f) => f.path);
};
const mentioning = (pattern: RegExp) => product.filter((f) => pattern.test(f.text)).map((f) => f.path);

describe('source ownership', () => {
  it('the heuristic recognises each way the code base writes a collection', () => {
    expect(writesRuns('await db.collection<RunDoc>(COLLECTIONS.runs).updateOne({}, {})')).toBe(true);
    expect(writesRuns('await db\n  .collection<RunDoc>(COLLECTIONS.runs)\n  .updateOne({}, {})')).toBe(true);
    expect(
      writesRuns(
        'const runs = (t: TenantDb) => t.collection<RunDoc>(COLLECTIONS.runs);\nawait runs(tenant).findOneAndUpdate({}, {})',
      ),
    ).toBe(true);
    expect(writesRuns('const runs = db.collection<RunDoc>(COLLECTIONS.runs);\nawait runs.insertOne(doc)')).toBe(true);
    expect(writesRuns('const runs = db.collection<RunDoc>(COLLECTIONS.runs);\nawait runs.findOne({})')).toBe(false);
    expect(writesRuns('await db.collection(COLLECTIONS.documents).updateOne({}, {})')).toBe(false);
    expect(writesRuns('const runsSeen = db.collection(COLLECTIONS.runsArchive);\nawait runsSeen.insertOne(doc)')).toBe(
      false,
    );
    expect(
      writesCollection(
        'await new TenantDb(db, a).collection<DocumentDoc>(COLLECTIONS.documents).updateOne({}, {})',
        'documents',
      ),
    ).toBe(true);
    const declared = declaredAs('documents', [
      { text: 'export const DOCUMENTS = defineCollection<DocumentDoc>({\n  collection: COLLECTIONS.documents,\n});' },
    ]);
    expect(declared).toEqual(['DOCUMENTS']);
    expect(writesCollection('await DOCUMENTS.transition(tenant, {}, {})', 'documents', declared)).toBe(true);
    expect(writesCollection('await DOCUMENTS.in(tenant).updateOne({}, {})', 'documents', declared)).toBe(true);
    expect(writesCollection('await DOCUMENTS.in(tenant).findOne({})', 'documents', declared)).toBe(false);
    expect(writesCollection('await DOCUMENTS.byIds(tenant, ids)', 'documents', declared)).toBe(false);
  });

  it('exactly one module writes the runs collection: domain/runs/', () => {
    const writers = writersOf('runs');
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((p) => !p.startsWith('domain/runs/'))).toEqual([]);
  });

  it('one module writes each document collection: documents.ts the documents, reference-documents.ts the references', () => {
    expect(writersOf('documents')).toEqual(['domain/documents/documents.ts']);
    expect(writersOf('referenceDocuments')).toEqual(['domain/documents/reference-documents.ts']);
  });

  it('every change to a reference document claims its list entry first (its listed copy is trusted in every status)', () => {
    // A reference document's snapshot is used whatever its status, so a write that changed
    // one other than through its declaration's `transition` with the document as last read (`current`), which
    // claims the entry (domain/store/collection.ts), would leave lists showing the old copy.
    const source = product
      .find((f) => f.path === 'domain/documents/reference-documents.ts')!
      .text.replace(/\s*\n\s*/g, ' ');
    const raw = [
      ...source.matchAll(
        new RegExp(`(collection\\([^)]*\\)|REFERENCES\\.(in|across)\\([^)]*\\))\\.(${WRITES})\\(`, 'g'),
      ),
    ];
    expect(raw.map((m) => source.slice(m.index!, m.index! + 80))).toEqual([]);
    const transitions = [...source.matchAll(/REFERENCES\.transition\(([^;]*)\);/g)];
    expect(transitions.length).toBeGreaterThan(0);
    expect(transitions.filter((m) => !/\{ current\b/.test(m[1]!)).map((m) => m[0])).toEqual([]);
  });

  it('only domain/documents/reference-index.ts reads or writes the reference chunks and indexes', () => {
    expect(mentioning(/COLLECTIONS\.reference(Chunks|Indexes)\b/)).toEqual(['domain/documents/reference-index.ts']);
  });

  it("the documents' object-store keys and objects have one owner each: originals.ts, stored-text.ts, reference-index.ts and page-images.ts", () => {
    const owners = [
      'domain/documents/originals.ts',
      'domain/documents/page-images.ts',
      'domain/documents/reference-index.ts',
      'domain/documents/stored-text.ts',
    ];
    // The key templates of originals, extracted texts and reference indexes are built in exactly those modules (page
    // images build theirs from the original's key, beside it).
    expect(mentioning(/\/(reference-)?documents\/\$\{/)).toEqual(owners.filter((p) => !p.endsWith('page-images.ts')));
    expect(mentioning(/\}-\$\{width\}\.png`/)).toEqual(['domain/documents/page-images.ts']);
    expect(mentioning(/\/original`|extracted\.json`/)).toEqual([
      'domain/documents/originals.ts',
      'domain/documents/stored-text.ts',
    ]);
    expect(mentioning(/index-v\$\{/)).toEqual(['domain/documents/reference-index.ts']);
    // Reading, checking and deleting objects is theirs alone; elsewhere objects are only written as run outputs,
    // batch results files and calibration files, and a batch's results file is checked (statObject: is the stored
    // file current?) by the one module that writes it, a calibration's report data and
    // comparisons read and checked by the one module that keys them (561).
    const primitives = /\b(getObjectStream|getObjectBytes|statObject|presignUpload|deleteObject)\(/;
    expect(mentioning(primitives).filter((p) => p !== 'domain/platform/storage.ts')).toEqual([
      'domain/batches/results-file.ts',
      'domain/calibrations/stored.ts',
      ...owners,
    ]);
    const putters = mentioning(/\bputObject\(/).filter(
      (p) => p !== 'domain/platform/storage.ts' && !p.startsWith('domain/documents/'),
    );
    for (const path of putters)
      expect({
        path,
        writesRunOutputs: /objectKeys\.(runOutput|batchResults|calibrationFile)\(/.test(
          product.find((f) => f.path === path)!.text,
        ),
      }).toEqual({ path, writesRunOutputs: true });
  });

  it('no module but the jobs gateway imports @temporalio/client, the local stack tooling and the tests included', () => {
    const importers = files
      .filter((f) =>
        /from '@temporalio\/client'|require\('@temporalio\/client'\)|import\('@temporalio\/client'\)/.test(f.text),
      )
      .map((f) => f.path);
    expect(importers.some((p) => p.startsWith('domain/jobs/'))).toBe(true);
    expect(importers.filter((p) => !p.startsWith('domain/jobs/'))).toEqual([]);
  });

  it('activities read and write the database through the owners in domain/ only (no collection named in activities/)', () => {
    const direct = product
      .filter((f) => f.path.startsWith('activities/'))
      .filter((f) => /\bCOLLECTIONS\b|\.collection\s*(<[^>]*>)?\(/.test(f.text))
      .map((f) => f.path);
    expect(direct).toEqual([]);
  });
});
