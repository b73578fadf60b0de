/**
 * The signed-in key, held for this tab only (`sessionStorage`: gone when the tab closes, never in `localStorage`, a
 * cookie or a URL), and the SDK client built over it. The console calls the public `/v1` API and nothing else, so a
 * key sees exactly what it would see from a script: its own account, its own scopes.
 */
import { Assay, AssayError } from '@assay/sdk';

const STORAGE_KEY = 'assay.console.apiKey';

export function storedKey(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

export function clientFor(apiKey: string): Assay {
  // Two retries of 429/503 at most: a person is waiting, and the view says what failed.
  return new Assay({ apiKey, baseUrl: `${location.origin}/v1`, maxRetries: 2 });
}

/**
 * Checks a key against the API before keeping it: 401 refuses it. Any authenticated route answers 401 for a key that
 * is unknown, revoked or expired before it looks at scopes, so a key without `runs:read` (403 here) still signs in
 * and its views say what it may not see.
 */
export async function signIn(apiKey: string): Promise<Assay> {
  const client = clientFor(apiKey);
  try {
    await client.runs.list({ limit: 1 }).next();
  } catch (err) {
    if (!(err instanceof AssayError) || err.status !== 403) throw err;
  }
  sessionStorage.setItem(STORAGE_KEY, apiKey);
  return client;
}

export const modeOf = (apiKey: string): 'live' | 'test' => (apiKey.startsWith('ak_live_') ? 'live' : 'test');
