/**
 * The API under test listening on a loopback port, for clients that run in other processes (the CLI, the Python
 * SDK, the quickstarts): the same in-process app as test/support/app.ts, conformance-checked, behind a real socket.
 */
import { createServer, type Server } from 'node:http';
import { createTestContext, type TestContext } from './app';
import { freePort } from './ports';

export interface ListeningApi {
  t: TestContext;
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startListeningApi(): Promise<ListeningApi> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestContext({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: origin });
  const server: Server = createServer(t.app.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    t,
    baseUrl: `${origin}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}
