/**
 * `npm run stack -- <install|start|stop|status>`: the local services on their own, for developers who want the
 * stack up while running the API or worker by hand (`npm run api`, `npm run worker`).
 */
import { loadConfig } from '../domain/platform/config';
import { stackStatus, startStack, stopStack } from './stack/services';
import { ensureTools } from './stack/tools';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'status';
  // A local tool: development unless the caller says otherwise (an unset NODE_ENV means production: fails closed).
  process.env.NODE_ENV ||= 'development';
  const config = loadConfig();
  switch (command) {
    case 'install':
      await ensureTools(say);
      say('tools ready in .tools/bin');
      break;
    case 'start':
      await startStack(config, say);
      say('stack is up; `npm run stack -- stop` stops it');
      break;
    case 'stop':
      await stopStack(config, say);
      break;
    case 'status':
      for (const [name, line] of Object.entries(await stackStatus(config))) say(`${name.padEnd(9)} ${line}`);
      break;
    default:
      say('usage: npm run stack -- <install|start|stop|status>');
      process.exitCode = 2;
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
