#!/usr/bin/env node
// Makes sure a system Chromium is present for the browser tests: installs Debian's package when
// running as root, otherwise says how to install it. Never downloads a browser build of its own.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const configured = process.env.CADUCEUS_BROWSER_EXECUTABLE;
if ((configured && existsSync(configured)) || candidates.some((path) => existsSync(path))) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot) {
  console.error(
    "Chromium is missing: install it with `sudo apt-get install -y chromium` (Debian) and run the tests again.",
  );
  process.exit(1);
}
console.error("Chromium is missing: installing Debian's chromium package…");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
if (!existsSync("/usr/bin/chromium")) {
  console.error("apt-get finished but /usr/bin/chromium is still missing");
  process.exit(1);
}
