/**
 * `npm run session-token -- --account <id> [--sub <user>] [--ttl 3600]`: prints a local session token for
 * `/v1/keys`, signed with SESSION_JWT_SECRET. Production tokens come from the identity provider instead.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../domain/platform/config';
import { signLocalSessionToken } from '../domain/access/session-tokens';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      sub: { type: 'string', default: 'dev-user' },
      ttl: { type: 'string', default: '3600' },
    },
  });
  if (!values.account || !/^[A-Za-z0-9_-]{1,64}$/.test(values.account)) {
    process.stderr.write('usage: npm run session-token -- --account <id: letters, digits, _ or -> [--ttl seconds]\n');
    process.exit(2);
  }
  const ttl = Number(values.ttl);
  if (!Number.isInteger(ttl) || ttl <= 0) {
    process.stderr.write('--ttl must be a positive number of seconds\n');
    process.exit(2);
  }
  // A local tool: development unless the caller says otherwise (an unset NODE_ENV means production: fails closed).
  process.env.NODE_ENV ||= 'development';
  const config = loadConfig();
  process.stdout.write(
    `${await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: values.sub!, accountId: values.account }, ttl)}\n`,
  );
}

void main();
