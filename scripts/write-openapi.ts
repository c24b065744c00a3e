import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { fetchOpenApiDocument } from "./openapi-document.js";

/** Writes openapi.yaml from the route definitions; a test fails when the two drift apart. */
writeFileSync(new URL("../openapi.yaml", import.meta.url), stringify(await fetchOpenApiDocument(), { lineWidth: 0 }));
process.stdout.write("openapi.yaml written\n");
