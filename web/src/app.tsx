/**
 * @module web/app
 * The shell: asks for the API key once when the server wants it, then shows the session list beside the selected
 * session, with a sign-out button.
 */
import { useEffect, useState } from "preact/hooks";
import { readUiSession, setSignedOutHandler, signIn, signOut, type UiSession } from "./client.js";
import { useSelectedSession } from "./route.js";
import { SessionList } from "./session-list.js";
import { SessionView } from "./session-view.js";

type AuthState = { phase: "loading" } | { phase: "sign-in"; error?: string } | { phase: "ready"; ui: UiSession };

export function App() {
  const [auth, setAuth] = useState<AuthState>({ phase: "loading" });
  const selected = useSelectedSession();

  const refresh = async () => {
    try {
      const ui = await readUiSession();
      setAuth(ui.auth_required && !ui.signed_in ? { phase: "sign-in" } : { phase: "ready", ui });
    } catch (error) {
      setAuth({ phase: "sign-in", error: (error as Error).message });
    }
  };
  useEffect(() => {
    setSignedOutHandler(() => setAuth({ phase: "sign-in", error: "Signed out: sign in again." }));
    void refresh();
  }, []);

  if (auth.phase === "loading") return <p class="loading">Loading…</p>;
  if (auth.phase === "sign-in") return <SignIn error={auth.error} onSignedIn={() => void refresh()} />;
  return (
    <div class="shell">
      <header class="top">
        <h1>Caduceus inspector</h1>
        {auth.ui.auth_required && auth.ui.expires_at && (
          <span class="signed-in">Signed in until {new Date(auth.ui.expires_at).toLocaleString()}</span>
        )}
        {auth.ui.auth_required && (
          <button
            type="button"
            onClick={() => {
              void signOut().then(() => setAuth({ phase: "sign-in" }));
            }}
          >
            Sign out
          </button>
        )}
      </header>
      <div class="columns">
        <SessionList selected={selected} />
        <main class="main" aria-label="Session">
          {selected ? <SessionView key={selected} sessionId={selected} /> : <p>Select or create a session.</p>}
        </main>
      </div>
    </div>
  );
}

function SignIn(props: { error?: string; onSignedIn: () => void }) {
  const [key, setKey] = useState("");
  const [error, setError] = useState(props.error);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (await signIn(key)) props.onSignedIn();
      else setError("That API key was refused.");
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <h1>Caduceus inspector</h1>
      <form onSubmit={(e) => void submit(e)}>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autocomplete="current-password"
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
          required
        />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
