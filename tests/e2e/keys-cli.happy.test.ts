/**
 * `caduceus keys create|list|revoke` on the configured SQLite database, with and without a running server: a key made
 * from the command line (printed once) is an admin of the server, a key revoked from the command line is refused by
 * the running server at once, keys and their audit entries survive a restart, and a bad request says why.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, startCli, type CliServer } from "../fixtures/cli-process.js";
import { tempDir } from "../fixtures/test-app.js";

const SERVER_KEY = "keys-cli-server-key";

type Printed = { id: string; key: string; owner: string; scopes: string[]; expires_at: number | null };

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("caduceus keys", () => {
  const dir = tempDir("caduceus-keys-cli-");
  const db = join(dir, "keys.db");
  const run = (args: string[]) => runCli(["keys", ...args, "--db", db], { cwd: dir });
  const serve = () => startCli(["--db", db, "--port", "0"], { cwd: dir, env: { CADUCEUS_API_KEY: SERVER_KEY } });
  let server: CliServer | null = null;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("makes, lists and revokes keys on the database, which a running server honours at once", async () => {
    const made = await run(["create", "--name", "ops", "--scopes", "admin"]);
    expect(made.code, made.stderr).toBe(0);
    const opsKey = /^(cad_[A-Za-z0-9_-]{32})$/m.exec(made.stdout)?.[1];
    expect(opsKey).toBeDefined();
    expect(made.stdout).toContain("shown once");

    server = await serve();
    expect((await server.call("GET", "/v1/sessions")).status).toBe(401);
    expect((await server.call("GET", "/v1/admin/keys", undefined, bearer(opsKey!))).status).toBe(200);

    const json = await run([
      "create",
      "--name",
      "bot",
      "--scopes",
      "sessions:read,sessions:write",
      "--owner",
      "night-shift",
      "--expires",
      "30d",
      "--tokens-per-day",
      "5000",
      "--json",
    ]);
    expect(json.code, json.stderr).toBe(0);
    const bot = JSON.parse(json.stdout) as Printed & { limits: Record<string, number>; secret_hash?: string };
    expect(bot).toMatchObject({ owner: "night-shift", scopes: ["sessions:read", "sessions:write"] });
    expect(bot.limits).toEqual({ tokens_per_day: 5000 });
    expect(bot.secret_hash).toBeUndefined();
    expect(bot.expires_at! - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
    const created = await server.call("POST", "/v1/sessions", {}, bearer(bot.key));
    expect(created.status).toBe(201);

    const listed = await run(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("ops");
    expect(listed.stdout).toContain("owner=night-shift");
    expect(listed.stdout).not.toContain(bot.key);
    expect(listed.stdout).not.toContain(opsKey);

    const revoked = await run(["revoke", bot.id]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`revoked ${bot.id}`);
    const refused = await server.call("GET", "/v1/sessions", undefined, bearer(bot.key));
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toBe("the API key was revoked");
    expect((await run(["list"])).stdout).not.toContain(bot.id);
    expect((await run(["list", "--all"])).stdout).toMatch(new RegExp(`${bot.id}.*revoked`));

    // A restart keeps the keys, the revocation and the audit entries (the command line's have no status).
    expect(await server.stop()).toBe(0);
    server = await serve();
    expect((await server.call("GET", "/v1/sessions", undefined, bearer(opsKey!))).status).toBe(200);
    expect((await server.call("GET", "/v1/sessions", undefined, bearer(bot.key))).status).toBe(401);
    const audit = (await (
      await server.call("GET", "/v1/admin/audit?limit=200", undefined, bearer(opsKey!))
    ).json()) as { data: Array<{ action: string; status: number | null; resource: { id: string } | null }> };
    const onBot = audit.data.filter((entry) => entry.resource?.id === bot.id).map((e) => [e.action, e.status]);
    expect(onBot).toEqual([
      ["key.revoke", null],
      ["key.create", null],
    ]);
  });

  it("says why it refuses: an unknown scope, an unknown key, a missing name, a bad duration", async () => {
    const scope = await run(["create", "--name", "x", "--scopes", "sessions:read,everything"]);
    expect(scope.code).toBe(1);
    expect(scope.stderr).toContain('unknown scope "everything"');
    const unknown = await run(["revoke", "key_nope"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("key key_nope does not exist");
    const nameless = await run(["create", "--scopes", "mcp"]);
    expect(nameless.code).toBe(2);
    expect(nameless.stderr).toContain("keys create needs --name");
    const duration = await run(["create", "--name", "x", "--scopes", "mcp", "--expires", "soon"]);
    expect(duration.code).toBe(2);
    expect(duration.stderr).toContain("--expires");
    const help = await runCli(["keys", "--help"], { cwd: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("caduceus keys create --name <name> --scopes <a,b>");
  });
});
