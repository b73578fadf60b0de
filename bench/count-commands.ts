/**
 * The entry the bench's command-count section (bench/commands.ts) starts the API and the worker through, never the
 * product: `tsx bench/count-commands.ts api/server.ts` loads the entry named after it once this is in place. Every MongoClient the process connects gets the driver's command monitoring (`monitorCommands`), and each
 * command started is counted by name and collection. The counts are served as JSON on 127.0.0.1:BENCH_COMMANDS_PORT
 * (`GET /` reads them, `POST /reset` clears them), so the bench reads a process's commands around each piece of work.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { MongoClient, type CommandStartedEvent } from 'mongodb';

const counts = new Map<string, number>();
const monitored = new WeakSet<MongoClient>();

/** `find runs`, `update runs`, `insert webhook_deliveries`…: the command and the collection it names, if any. */
function label(e: CommandStartedEvent): string {
  const target: unknown = e.command[e.commandName];
  return typeof target === 'string' ? `${e.commandName} ${target}` : e.commandName;
}

const connect = MongoClient.prototype.connect;
MongoClient.prototype.connect = function (this: MongoClient) {
  if (!monitored.has(this)) {
    monitored.add(this);
    // Read when the client builds its connection pools, which connect() does.
    (this.options as { monitorCommands: boolean }).monitorCommands = true;
    this.on('commandStarted', (e: CommandStartedEvent) => counts.set(label(e), (counts.get(label(e)) ?? 0) + 1));
  }
  return connect.call(this);
};

const port = Number(process.env.BENCH_COMMANDS_PORT);
if (port > 0) {
  createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/reset') counts.clear();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Object.fromEntries(counts)));
  })
    .listen(port, '127.0.0.1')
    .unref();
}

// The process itself (an entry, not a preload: `--import` would reach the worker's workflow threads too).
const entry = process.argv[2];
if (!entry) throw new Error('usage: tsx bench/count-commands.ts <entry.ts>');
require(join(__dirname, '..', entry));
