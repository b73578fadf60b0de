/**
 * Fails the test during which the API gave an answer outside its published contract (test/support/conformance.ts),
 * naming each request, its status and what did not match. Loaded for every integration test file (jest
 * `setupFilesAfterEnv`).
 */
import { drainViolations, formatViolations } from './conformance';

function check(when: string): void {
  const violations = drainViolations();
  if (violations.length > 0) {
    throw new Error(
      `${violations.length} response(s) ${when} did not conform to the OpenAPI document:\n${formatViolations(violations)}`,
    );
  }
}

afterEach(() => check('during this test or the hooks before it'));

// This file's hooks are declared before the test file's, and jest runs `afterAll` hooks of one block in declaration
// order: a plain afterAll here would run before the file's own and miss what they ask the API. So each afterAll the
// test file declares checks its own answers when it ends.
const declareAfterAll = globalThis.afterAll;
globalThis.afterAll = ((fn: jest.ProvidesHookCallback, timeout?: number) =>
  declareAfterAll(async () => {
    const hook = fn as (done?: (err?: unknown) => void) => unknown;
    await (hook.length > 0
      ? new Promise<void>((resolve, reject) => hook((err) => (err ? reject(err) : resolve())))
      : hook());
    check('in an afterAll hook');
  }, timeout)) as typeof afterAll;
