/** The bench's accounts (one with a webhook endpoint, one without) and its requests to the API as them. */
import type { Config } from '../../domain/platform/config';
import { randomBase62 } from '../../domain/platform/ids';
import { signLocalSessionToken } from '../../domain/access/session-tokens';
import { say } from './phases';
import { API_PORT } from './settings';

/**
 * Creates the accounts the phases load, each with an API key and a workflow; the first also has a webhook endpoint
 * delivering to `receiverPort`, a document and a reference document.
 */
export async function openAccounts(config: Config, receiverPort: number) {
  const base = `http://127.0.0.1:${API_PORT}/v1`;
  const accountId = `acct_${randomBase62(10)}`;
  const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'bench', accountId });
  const post = async (path: string, token: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  /** A POST that must succeed: its failure ends the phase, with the answer in the error. */
  const create = async (path: string, token: string, body: unknown) => {
    const res = await post(path, token, body);
    if (res.status >= 300 || !res.body.id)
      throw new Error(`POST ${path} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return res.body.id;
  };
  const key = (await post('/keys', session, { name: 'bench', mode: 'test' })).body.token!;
  const wf = await create('/workflows', key, {
    product_code: 'general_evaluation',
    name: 'bench',
    output_format: 'json',
  });
  const endpoint = await post('/webhook-endpoints', key, { url: `http://127.0.0.1:${receiverPort}/hook` });
  const endpointId = endpoint.status < 300 ? endpoint.body.id : undefined;
  if (!endpointId)
    say(
      `no webhook endpoint (${endpoint.status} ${JSON.stringify(endpoint.body)}): the deliveries row is not measured`,
    );
  await post('/documents', key, { filename: 'bench.txt', mime_type: 'text/plain', size_bytes: 10 });
  await post('/reference-documents', key, {
    name: 'bench',
    filename: 'bench.txt',
    mime_type: 'text/plain',
    size_bytes: 10,
  });
  // A second account with no webhook endpoint: its runs cost what a run costs alone (no delivery job).
  const bareAccount = await (async () => {
    const bareSession = await signLocalSessionToken(config.SESSION_JWT_SECRET, {
      sub: 'bench',
      accountId: `acct_${randomBase62(10)}`,
    });
    const bareKey = (await post('/keys', bareSession, { name: 'bench', mode: 'test' })).body.token!;
    return {
      key: bareKey,
      wf: await create('/workflows', bareKey, {
        product_code: 'general_evaluation',
        name: 'bench',
        output_format: 'json',
      }),
    };
  })();
  const auth = { authorization: `Bearer ${key}` };
  /**
   * Waits until the API answers a cheap read quickly again (at most 2 minutes): a load that ended leaves requests
   * the API is still working through (autocannon hangs up, the handlers run on), and the next phase must not
   * measure them.
   */
  const settle = async (path: string) => {
    const until = performance.now() + 120_000;
    while (performance.now() < until) {
      const t = performance.now();
      const ok = await fetch(`${base}${path}`, { headers: auth }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && performance.now() - t < 250) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    say(`the API did not settle within 2 minutes after a load`);
  };
  return { base, accountId, key, wf, endpointId, bareAccount, auth, create, settle };
}
