/**
 * @module web/app
 * The shell: asks for the API key once when the server wants it, then shows the session list beside the selected
 * session, with a sign-out button.
 */
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import { readUiSession, setSignedOutHandler, signIn, signOut, type UiSession } from "./client.js";
import { useSelectedSession } from "./route.js";
import { SessionList } from "./session-list.js";
import { SessionView } from "./session-view.js";
import { useOpenPage } from "./admin-route.js";
import { useCaller } from "./caller.js";
import { PagesNav, PageView } from "./pages-nav.js";

type Theme = "light" | "dark";
const THEME_KEY = "caduceus-theme";

/** The theme: the one chosen here before, else the system's; set on <html> so every token follows it. */
function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(() => {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === "light" || saved === "dark") return saved;
    return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  });
  // A layout effect, so the page never paints (and no script reads) the old theme after a toggle.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const toggle = () => {
    const next = theme === "dark" ? "light" : "dark";
    localStorage.setItem(THEME_KEY, next);
    setTheme(next);
  };
  return [theme, toggle];
}

type AuthState = { phase: "loading" } | { phase: "sign-in"; error?: string } | { phase: "ready"; ui: UiSession };

export function App() {
  const [auth, setAuth] = useState<AuthState>({ phase: "loading" });
  const selected = useSelectedSession();
  const page = useOpenPage();
  const caller = useCaller(auth.phase === "ready");
  const [theme, toggleTheme] = useTheme();
  // On a narrow screen the session list is a drawer; choosing a session closes it.
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [selected]);

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
    <div class={drawerOpen ? "shell drawer-open" : "shell"}>
      <header class="top">
        <button
          type="button"
          class="sessions-toggle"
          aria-expanded={drawerOpen}
          aria-controls="session-list"
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          Session list
        </button>
        <h1>Caduceus inspector</h1>
        <PagesNav caller={caller} page={page} />
        <button type="button" class="theme-toggle" aria-pressed={theme === "dark"} onClick={toggleTheme}>
          Dark theme
        </button>
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
          {page ? (
            <PageView page={page} caller={caller} />
          ) : selected ? (
            <SessionView key={selected} sessionId={selected} />
          ) : (
            <p>Select or create a session.</p>
          )}
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
