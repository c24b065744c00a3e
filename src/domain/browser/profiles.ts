/**
 * @module profiles
 * Named Chromium profiles: a user-data directory per name under the server's profiles folder, so cookies and local
 * storage (logins) survive a browser restart and a server restart. playwright-core only offers a profile as a
 * persistent context, which has no browser-level CDP session for the supervisor's guards; so a profile's Chromium is
 * started here with its user-data directory and a DevTools port, and the supervisor connects to it as to any browser
 * over CDP. One browser runs per profile at a time (Chromium itself refuses a second one on the same directory).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep, isAbsolute } from "node:path";
import { DomainError } from "../../kernel/errors.js";

/** A profile name: a letter or digit, then letters, digits, `_` or `-` — never a path. */
export const PROFILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;
/** Where a profile's folder records the Chromium running on it, so a server killed outright can end it next time. */
const PID_FILE = "caduceus-chromium.pid";
/** Chromium shuts down in order on SIGTERM, writing its cookies and storage; a loaded machine can take seconds. */
const STALE_EXIT_WAIT_MS = 10_000;
const EXIT_WAIT_MS = 5_000;

/** The profiles folder: `browser.profiles_dir`, or `<dir of the database>/profiles`. */
export function profilesRoot(profilesDir: string | null, databasePath: string): string {
  return resolve(profilesDir ?? join(dirname(databasePath), "profiles"));
}

/** The user-data directory of a profile, checked to lie inside the profiles folder. */
export function profileDir(root: string, name: string): string {
  if (!PROFILE_NAME_PATTERN.test(name))
    throw new DomainError("validation_failed", `browser.profile ${JSON.stringify(name)} is not a profile name`, {
      fields: [{ path: ["config", "browser", "profile"], message: "letters, digits, _ and - only, at most 64" }],
    });
  const dir = resolve(root, name);
  const inside = relative(root, dir);
  if (!inside || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside))
    throw new DomainError(
      "validation_failed",
      `browser.profile ${name} does not name a folder inside the profiles folder`,
    );
  return dir;
}

/** A Chromium running on a profile's user-data directory, reachable over CDP at `wsEndpoint`; `stop()` waits for it to exit. */
export type ProfileBrowser = { wsEndpoint: string; process: ChildProcess; stop(): Promise<void> };

/**
 * Starts Chromium on the profile's directory with a DevTools port the system picks, and waits (bounded) for the
 * endpoint it prints. `stop()` waits for it to exit (asked to over CDP, it writes its cookies and storage on the way
 * out), and only ends it with a signal when it does not.
 */
export async function launchProfileBrowser(options: {
  executablePath: string;
  userDataDir: string;
  headless: boolean;
  args: readonly string[];
  timeoutMs: number;
}): Promise<ProfileBrowser> {
  mkdirSync(options.userDataDir, { recursive: true, mode: 0o700 });
  await endStaleBrowser(options.userDataDir);
  const args = [
    ...options.args,
    `--user-data-dir=${options.userDataDir}`,
    "--remote-debugging-port=0",
    "--no-default-browser-check",
    "--password-store=basic",
    "--use-mock-keychain",
    ...(options.headless ? ["--headless", "--hide-scrollbars", "--mute-audio"] : []),
    // As root, Chromium refuses to start with its sandbox; playwright-core's own launches make the same choice.
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    "about:blank",
  ];
  const child = spawn(options.executablePath, args, { stdio: ["ignore", "ignore", "pipe"] });
  const wsEndpoint = await new Promise<string>((resolvePromise, reject) => {
    let seen = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`Chromium did not open its DevTools port within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    child.stderr.on("data", (chunk: Buffer) => {
      seen = (seen + chunk.toString("utf8")).slice(-8_192);
      const match = DEVTOOLS_LINE.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      const last = seen.trim().split("\n").slice(-2).join(" ");
      reject(
        new Error(
          /SingletonLock|profile appears to be in use/i.test(seen)
            ? "the profile's folder is in use by another Chromium"
            : `Chromium exited (code ${code}) before opening its DevTools port: ${last}`,
        ),
      );
    });
  });
  // Its messages after start-up are not ours to read; keep the pipe drained.
  child.stderr.resume();
  const pidFile = join(options.userDataDir, PID_FILE);
  if (child.pid) writeFileSync(pidFile, String(child.pid));
  child.once("exit", () => rmSync(pidFile, { force: true }));
  const exited = new Promise<void>((resolveExit) => {
    if (child.exitCode !== null) resolveExit();
    else child.once("exit", () => resolveExit());
  });
  return {
    wsEndpoint,
    process: child,
    /** After Browser.close it is already on its way out: give it time to write its files before any signal. */
    async stop() {
      const term = setTimeout(() => child.kill("SIGTERM"), EXIT_WAIT_MS);
      const kill = setTimeout(() => child.kill("SIGKILL"), 2 * EXIT_WAIT_MS);
      await exited;
      clearTimeout(term);
      clearTimeout(kill);
    },
  };
}

/**
 * A Chromium a previous server process left running on this profile (that process was killed before it could end
 * it) holds the profile's lock: it is asked to end (and, if it does not, killed), if the recorded process is still a
 * Chromium on this very folder.
 */
async function endStaleBrowser(userDataDir: string): Promise<void> {
  const pidFile = join(userDataDir, PID_FILE);
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, "utf8").trim());
  } catch {
    return;
  }
  let cmdline = "";
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    /* gone already, or not a system with /proc: nothing to end */
  }
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 1 || !cmdline.split("\0").includes(`--user-data-dir=${userDataDir}`)) return;
  // SIGTERM is Chromium's own orderly shutdown, which writes what it holds; a kill only if it does not end.
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    process.kill(pid, signal);
    const deadline = Date.now() + STALE_EXIT_WAIT_MS;
    while (Date.now() < deadline) {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
