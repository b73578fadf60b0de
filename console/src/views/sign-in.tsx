import { AssayError } from '@assay/sdk';
import { useState } from 'preact/hooks';
import { signIn } from '../session';

/** Sign-in by pasting an API key: checked against the API, then held for this tab only. */
export function SignIn({ onSignedIn }: { onSignedIn: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const value = key.trim();
    if (!/^ak_(live|test)_[A-Za-z0-9]+$/.test(value)) {
      setError('An API key starts with ak_live_ or ak_test_.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(value);
      setKey('');
      onSignedIn(value);
    } catch (err) {
      setError(
        err instanceof AssayError && err.status === 401
          ? `The API refused this key (${err.code}).`
          : `Could not reach the API: ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" class="sign-in">
      <h1>Assay console</h1>
      <p>Sign in with an API key. It is kept in this tab only, and sent to this server's API alone.</p>
      <form onSubmit={submit} autocomplete="off">
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          aria-describedby={error ? 'sign-in-error' : undefined}
          aria-invalid={error ? true : undefined}
          spellcheck={false}
          autocomplete="off"
          required
        />
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
        {error && (
          <p id="sign-in-error" role="alert" class="note note-bad">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
