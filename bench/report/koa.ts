/** The Koa baselines the report measures the API against: a bare hello-world, and the GET row's floor. */
import type { Config } from '../../domain/platform/config';
import { COLLECTIONS } from '../../domain/platform/db';
import { KOA_PORT, KOA_READ_PORT } from './settings';

/** Koa answering hello-world: the ceiling of any Koa app on this machine. */
export function koaHelloSource(): string {
  return `const Koa = require('koa'); const app = new Koa(); app.use((ctx) => { ctx.body = { hello: 'world' }; });
app.listen(${KOA_PORT}, '127.0.0.1', () => console.log('koa listening'));`;
}

/** The API CPU row's floor: Koa answering GET /<account>/<run> with the run's stored document read by _id and
// account through the same driver, its JSON fields parsed — the read and the answer every GET /runs/{id} must
// make, without authentication, routing, validation, logging or the view. */
export function koaRunReadSource(config: Config): string {
  return `const Koa = require('koa'); const { MongoClient } = require('mongodb');
new MongoClient(${JSON.stringify(config.mongodbUri)}).connect().then((client) => {
  const runs = client.db(${JSON.stringify(config.MONGODB_DB)}).collection(${JSON.stringify(COLLECTIONS.runs)});
  const parse = (s) => (typeof s === 'string' ? JSON.parse(s) : null);
  const app = new Koa();
  app.use(async (ctx) => {
    const [, account, id] = ctx.path.split('/');
    const run = await runs.findOne({ _id: id, account_id: account });
    if (!run) { ctx.status = 404; return; }
    ctx.body = { ...run, output_json: parse(run.output_json), citations_json: parse(run.citations_json), manifest_json: parse(run.manifest_json), metadata_json: parse(run.metadata_json) };
  });
  app.listen(${KOA_READ_PORT}, '127.0.0.1', () => console.log('koa read listening'));
});`;
}
