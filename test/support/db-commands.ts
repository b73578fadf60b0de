/**
 * What a piece of work asks of the database, seen through the driver's command monitoring on a client of its own:
 * which of its filters the embedded store (FerretDB 1.24) can only answer by scanning, since it pushes down nothing
 * but `_id` equality (domain/store/pages/list-index.ts).
 */
import { MongoClient, type CommandStartedEvent, type Db, type Document } from 'mongodb';

export async function commandsDuring<R>(
  uri: string,
  dbName: string,
  work: (db: Db) => Promise<R>,
): Promise<{ result: R; commands: CommandStartedEvent[] }> {
  const client = new MongoClient(uri, { monitorCommands: true });
  const commands: CommandStartedEvent[] = [];
  client.on('commandStarted', (e) => commands.push(e));
  await client.connect();
  try {
    const result = await work(client.db(dbName));
    return { result, commands };
  } finally {
    await client.close();
  }
}

/** The filters of a command: find's, findAndModify's, and each statement's of update and delete. */
function filtersOf(e: CommandStartedEvent): Document[] {
  const c = e.command;
  switch (e.commandName) {
    case 'find':
      return [c.filter ?? {}];
    case 'findAndModify':
      return [c.query ?? {}];
    case 'update':
      return (c.updates as Document[]).map((u) => u.q as Document);
    case 'delete':
      return (c.deletes as Document[]).map((d) => d.q as Document);
    case 'count':
    case 'aggregate':
      return [{}];
    default:
      return [];
  }
}

/** The commands among `commands` with a filter that is not `_id` equality: each a scan on the embedded store. */
export function scans(commands: CommandStartedEvent[]): string[] {
  return commands
    .filter((e) => filtersOf(e).some((f) => typeof f._id !== 'string'))
    .map((e) => `${e.commandName} ${String(e.command[e.commandName])} ${JSON.stringify(filtersOf(e))}`);
}
