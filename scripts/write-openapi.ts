import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { CLIENT_TYPES_PATH, generateClientTypes } from "./client-types.js";
import { fetchOpenApiDocument } from "./openapi-document.js";

/**
 * Writes openapi.yaml from the route definitions, then the generated client's types from it; a test fails when
 * either drifts from what the routes say.
 */
writeFileSync(new URL("../openapi.yaml", import.meta.url), stringify(await fetchOpenApiDocument(), { lineWidth: 0 }));
writeFileSync(CLIENT_TYPES_PATH, await generateClientTypes());
process.stdout.write("openapi.yaml and examples/generated-client/api.d.ts written\n");
