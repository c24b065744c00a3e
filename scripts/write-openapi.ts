import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { CLIENT_TYPES_PATH, WEB_CLIENT_TYPES_PATH, generateClientTypes } from "./client-types.js";
import { fetchOpenApiDocument } from "./openapi-document.js";

/**
 * Writes openapi.yaml from the route definitions, then the generated client's and the inspector's types from it; a
 * test fails when any of them drifts from what the routes say.
 */
writeFileSync(new URL("../openapi.yaml", import.meta.url), stringify(await fetchOpenApiDocument(), { lineWidth: 0 }));
const types = await generateClientTypes();
writeFileSync(CLIENT_TYPES_PATH, types);
writeFileSync(WEB_CLIENT_TYPES_PATH, types);
process.stdout.write("openapi.yaml, examples/generated-client/api.d.ts and web/src/api.d.ts written\n");
