/**
 * @module web/keys-page
 * API keys, for an admin: every key (revoked ones marked) with its owner, scopes, limits and last use; a form that
 * creates one and shows its secret once, to copy now; Revoke on each live key (asked once more).
 */
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";

type ApiKey = Schemas["ApiKey"];
const SCOPES = ["sessions:read", "sessions:write", "browser", "browser:cdp", "mcp", "admin"] as const;
const LIMITS = [
  ["requests_per_minute", "Requests per minute"],
  ["concurrent_runs", "Concurrent runs"],
  ["tokens_per_day", "Tokens per day"],
] as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

export function KeysPage() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setKeys(must(await api.GET("/v1/admin/keys", { params: { query: { include_revoked: "true" } } })).data);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => void load(), []);
  return (
    <section class="stack" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <NewKey onCreated={() => void load()} />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="panel">
        <table>
          <caption class="visually-hidden">Every API key, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Owner</th>
              <th scope="col">Scopes</th>
              <th scope="col">Limits</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoked={() => void load()} onError={setError} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function KeyRow(props: { apiKey: ApiKey; onRevoked: () => void; onError: (message: string) => void }) {
  const { apiKey: key } = props;
  const [confirming, setConfirming] = useState(false);
  const limits = Object.entries(key.limits)
    .map(([name, value]) => `${name.replaceAll("_", " ")}: ${String(value)}`)
    .join(", ");
  const revoke = async () => {
    try {
      must(await api.DELETE("/v1/admin/keys/{key_id}", { params: { path: { key_id: key.id } } }));
      props.onRevoked();
    } catch (e) {
      props.onError((e as Error).message);
    }
  };
  return (
    <tr>
      <td>{key.name}</td>
      <td>
        <code>{key.start}…</code> <span class="muted">{key.id}</span>
      </td>
      <td>{key.owner}</td>
      <td>{key.scopes.join(", ")}</td>
      <td>{limits || "none"}</td>
      <td>{when(key.last_used_at)}</td>
      <td>{when(key.expires_at)}</td>
      <td>
        {key.revoked_at ? (
          <span class="status status-cancelled">revoked {when(key.revoked_at)}</span>
        ) : confirming ? (
          <span>
            <button type="button" class="danger" onClick={() => void revoke()}>
              Revoke {key.name} now
            </button>{" "}
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Revoke {key.name}
          </button>
        )}
      </td>
    </tr>
  );
}

function NewKey(props: { onCreated: () => void }) {
  const [name, setName] = useState("");
  const [owner, setOwner] = useState("");
  const [expires, setExpires] = useState("");
  const [scopes, setScopes] = useState<string[]>(["sessions:read", "sessions:write"]);
  const [limits, setLimits] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Schemas["CreatedApiKey"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = (scope: string) =>
    setScopes((old) => (old.includes(scope) ? old.filter((s) => s !== scope) : [...old, scope]));
  const submit = async (event: Event) => {
    event.preventDefault();
    const chosen = Object.fromEntries(
      Object.entries(limits)
        .filter(([, value]) => value.trim() !== "")
        .map(([limit, value]) => [limit, Number(value)]),
    );
    try {
      const key = must(
        await api.POST("/v1/admin/keys", {
          body: {
            name,
            scopes,
            owner: owner.trim() || null,
            expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
            limits: Object.keys(chosen).length ? chosen : null,
          },
        }),
      );
      setCreated(key);
      setError(null);
      setName("");
      props.onCreated();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <details class="panel">
      <summary>New API key</summary>
      <form class="stack" onSubmit={(e) => void submit(e)}>
        <label for="key-name">Name</label>
        <input id="key-name" value={name} onInput={(e) => setName(e.currentTarget.value)} required />
        <fieldset>
          <legend>Scopes</legend>
          {SCOPES.map((scope) => (
            <label key={scope} class="inline">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} /> {scope}
            </label>
          ))}
        </fieldset>
        <label for="key-owner">Owner (the key's own id when empty)</label>
        <input id="key-owner" value={owner} onInput={(e) => setOwner(e.currentTarget.value)} />
        <label for="key-expires">Expires (never when empty)</label>
        <input id="key-expires" type="date" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
        {LIMITS.map(([limit, label]) => (
          <div key={limit}>
            <label for={`key-${limit}`}>{label} (unlimited when empty)</label>
            <input
              id={`key-${limit}`}
              type="number"
              min="1"
              value={limits[limit] ?? ""}
              onInput={(e) => setLimits({ ...limits, [limit]: e.currentTarget.value })}
            />
          </div>
        ))}
        <button type="submit" disabled={scopes.length === 0}>
          Create key
        </button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
      {created && (
        <div role="status" class="stack">
          <p>
            Key <strong>{created.name}</strong> made for owner {created.owner}. Copy it now: it is shown only once.
          </p>
          <label for="new-key-secret">New key</label>
          <input id="new-key-secret" readOnly value={created.key} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </details>
  );
}
