/**
 * The child-process side of the indexing sandbox (sandbox.ts): reads one reference's stored text (JSON) from stdin,
 * chunks and indexes it, announces the two parts' sizes over IPC and writes them to stdout (the chunks as JSON,
 * then the gzipped index), then exits. Started with an empty environment and a heap cap; loaded only as that child.
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { indexParts } from './bm25';
import { chunkSections } from './chunking';
import type { IndexChildMessage, IndexRequest } from './sandbox';
import type { Section } from '../parsing/types';

if (!process.send) throw new Error('indexing/sandbox-child runs only as the child process of the indexing sandbox');

// A worker that went away leaves nobody to read the result.
process.on('disconnect', () => process.exit(0));

const send = (message: IndexChildMessage): Promise<void> =>
  new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));

function readStdin(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    process.stdin.on('data', (part: Buffer) => parts.push(part));
    process.stdin.on('end', () => resolve(Buffer.concat(parts)));
    process.stdin.on('error', reject);
  });
}

/** The parts compressed as they are made: the whole serialized index is never one string. */
async function gzipped(parts: Iterable<string>): Promise<Buffer> {
  const out: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from(parts), createGzip(), collect);
  return Buffer.concat(out);
}

async function main(request: IndexRequest): Promise<void> {
  const { sections } = JSON.parse((await readStdin()).toString('utf8')) as { sections: Section[] };
  const chunks = chunkSections(request.refId, sections);
  const chunksJson = Buffer.from(JSON.stringify(chunks));
  const indexGz = await gzipped(indexParts(chunks));
  await send({ type: 'result', chunksBytes: chunksJson.length, indexBytes: indexGz.length });
  process.stdout.write(chunksJson);
  await new Promise<void>((resolve, reject) => process.stdout.end(indexGz, () => resolve()).on('error', reject));
}

process.once('message', (request: IndexRequest) => {
  main(request).then(
    () => process.disconnect(),
    (err: unknown) =>
      void send({ type: 'error', message: err instanceof Error ? err.message : String(err) }).then(() =>
        process.disconnect(),
      ),
  );
});
