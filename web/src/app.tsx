/**
 * @module web/app
 * The shell: asks for the API key once when the server wants it, then shows the session list beside the selected
 * session (a drawer on a narrow screen), with the command palette (Ctrl+K), the theme toggle and sign-out in the
 * header.
 */
import { Command, LogOut, Menu, Moon, Sun } from "lucide-preact";
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import { readUiSession, setSignedOutHandler, signIn, signOut, type UiSession } from "./client.js";
import { CommandPalette, usePaletteShortcut } from "./command-palette.js";
import { useRoute } from "./route.js";
import { SessionList } from "./session-list.js";
import { SessionView } from "./session-view.js";
import { EmptyState, Skeleton } from "./ui.js";
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
    setTheme((old) => {
      const next = old === "dark" ? "light" : "dark";
      localStorage.setItem(THEME_KEY, next);
      return next;
    });
  };
  return [theme, toggle];
}

type AuthState = { phase: "loading" } | { phase: "sign-in"; error?: string } | { phase: "ready"; ui: UiSession };

export function App() {
  const [auth, setAuth] = useState<AuthState>({ phase: "loading" });
  const route = useRoute();
  const page = useOpenPage();
  const caller = useCaller(auth.phase === "ready");
  const [theme, toggleTheme] = useTheme();
  const [paletteOpen, setPaletteOpen] = usePaletteShortcut();
  // On a narrow screen the session list is a drawer; choosing a session closes it.
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [route.session]);

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

  if (auth.phase === "loading") return <Skeleton lines={4} label="Loading the inspector" />;
  if (auth.phase === "sign-in") return <SignIn error={auth.error} onSignedIn={() => void refresh()} />;
  return (
    <div class={drawerOpen ? "shell drawer-open" : "shell"}>
      <header class="top">
        <button
          type="button"
          class="icon-button sessions-toggle"
          aria-expanded={drawerOpen}
          aria-controls="session-list"
          aria-label="Session list"
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          <Menu size={18} />
        </button>
        <h1>
          <span class="brand-mark" aria-hidden="true">
            ☤
          </span>
          Caduceus <span class="brand-sub">inspector</span>
        </h1>
        <PagesNav caller={caller} page={page} />
        <button type="button" class="palette-button" onClick={() => setPaletteOpen(true)}>
          <Command size={16} />
          <span class="palette-button-text">Search and jump</span>
          <kbd>Ctrl K</kbd>
        </button>
        <button
          type="button"
          class="icon-button theme-toggle"
          aria-pressed={theme === "dark"}
          aria-label="Dark theme"
          title={theme === "dark" ? "Switch to the light theme" : "Switch to the dark theme"}
          onClick={toggleTheme}
        >
          {theme === "dark" ? <Moon size={18} /> : <Sun size={18} />}
        </button>
        {auth.ui.auth_required && auth.ui.expires_at && (
          <span class="signed-in">Signed in until {new Date(auth.ui.expires_at).toLocaleString()}</span>
        )}
        {auth.ui.auth_required && (
          <button
            type="button"
            class="ghost"
            onClick={() => {
              void signOut().then(() => setAuth({ phase: "sign-in" }));
            }}
          >
            <LogOut size={16} /> Sign out
          </button>
        )}
      </header>
      <div class="columns">
        <SessionList selected={route.session} />
        <main class="main" aria-label="Session">
          {page ? (
            <PageView page={page} caller={caller} />
          ) : route.session ? (
            <SessionView key={route.session} sessionId={route.session} runId={route.run} />
          ) : (
            <EmptyState icon={Command} title="Select or create a session">
              <p>
                Pick one from the list, start another below it, or press <kbd>Ctrl</kbd> + <kbd>K</kbd> to jump to any
                session, search every transcript, or see what waits on you.
              </p>
            </EmptyState>
          )}
        </main>
      </div>
      {paletteOpen && <CommandPalette onClose={() => setPaletteOpen(false)} onToggleTheme={toggleTheme} />}
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
      <h1>
        <span class="brand-mark" aria-hidden="true">
          ☤
        </span>
        Caduceus inspector
      </h1>
      <form onSubmit={(e) => void submit(e)} class="card stack">
        <p class="muted sign-in-note" id="api-key-note">
          This server asks for its API key (<code>server.api_key</code>). The page keeps a sign-in cookie for 12 hours,
          never the key.
        </p>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          aria-describedby="api-key-note"
          type="password"
          autocomplete="current-password"
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
          required
        />
        <button type="submit" class="primary" disabled={busy}>
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
