/**
 * The set-up most integration files share: one test context for the file, a fresh account for each test, both set
 * by the jest hooks this registers.
 */
import { createTestContext, type TestContext } from './app';
import { newAccount, type TestAccount } from './identity';

export interface AccountStack {
  t: TestContext;
  a: TestAccount;
}

export function useAccountStack(): AccountStack {
  const stack = {} as AccountStack;
  beforeAll(async () => {
    stack.t = await createTestContext();
  });
  beforeEach(async () => {
    stack.a = await newAccount(stack.t);
  });
  afterAll(async () => {
    await stack.t.close();
  });
  return stack;
}
