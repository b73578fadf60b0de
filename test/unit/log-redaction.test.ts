/** Secrets never reach the logs: the redaction paths catch them at the top level and one level down. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACT_PATHS } from '../../domain/platform/logger';

function logged(fields: Record<string, unknown>): string {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink).info(fields, 'event');
  return out;
}

it.each(['token', 'secret', 'password', 'api_key', 'authorization'])('redacts a top-level and a nested %s', (field) => {
  const secret = 'ak_live_0123456789abcdefghijABCDEFGHIJ';
  const line = logged({ [field]: secret, key: { [field]: secret } });
  expect(line).not.toContain(secret);
  expect(JSON.parse(line)).toMatchObject({ [field]: '[redacted]', key: { [field]: '[redacted]' } });
});

it('leaves other fields alone', () => {
  expect(JSON.parse(logged({ key_id: 'key_01', token_count: 3 }))).toMatchObject({ key_id: 'key_01', token_count: 3 });
});
