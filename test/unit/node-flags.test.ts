/** The image and the compose file run the processes with the same Node flags as npm start, the bench and the tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_FLAGS } from '../../scripts/node-flags';

const ROOT = join(__dirname, '..', '..');
const commands = (file: string) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?:CMD|command:)\s*(\[[^\]]*"node"[^\]]*\])/g)].map(
    (m) => JSON.parse(m[1]!) as string[],
  );

it.each(['Dockerfile', 'docker-compose.yml'])('%s starts every Node process with NODE_FLAGS', (file) => {
  const found = commands(file);
  expect(found.length).toBeGreaterThan(0);
  for (const command of found) expect(command.slice(1, 1 + NODE_FLAGS.length)).toEqual([...NODE_FLAGS]);
});
