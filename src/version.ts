/**
 * @module version
 * The package's version, read from package.json at start so `caduceus --version`, /health and the OpenAPI
 * document always say the version that was installed.
 */
import { readFileSync } from "node:fs";

/** package.json sits one level above both src/ and dist/. */
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

export const VERSION: string = pkg.version;
