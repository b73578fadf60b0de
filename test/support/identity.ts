/** Accounts, session tokens and API keys for tests: each test makes its own account, so tests never share state. */
import { randomBase62 } from '../../domain/platform/ids';
import type { Scope } from '../../domain/access/scopes';
import { signLocalSessionToken } from '../../domain/access/session-tokens';
import type { TestContext } from './app';

export interface TestAccount {
  accountId: string;
  session: string;
  /** Creates an API key through the API and answers its token. */
  key(options?: {
    mode?: 'live' | 'test';
    scopes?: Scope[];
    rate_limit_rpm?: number;
    expires_at?: string;
  }): Promise<string>;
}

export async function newAccount(t: TestContext): Promise<TestAccount> {
  const accountId = `acct_${randomBase62(12)}`;
  const session = await signLocalSessionToken(t.config.SESSION_JWT_SECRET, { sub: 'test-user', accountId });
  return {
    accountId,
    session,
    key: async (options = {}) => {
      const res = await t.api
        .post('/v1/keys')
        .set('Authorization', `Bearer ${session}`)
        .send({ name: 'test key', mode: 'test', ...options });
      if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
  };
}
