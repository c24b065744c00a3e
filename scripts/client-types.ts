/**
 * @module client-types
 * The TypeScript types of the API, generated from openapi.yaml with openapi-typescript: what a generated client
 * (examples/generated-client/) and the inspector (web/src/) are typed with. A test regenerates them and fails when
 * either checked-in copy drifts.
 */
import { readFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";

export const CLIENT_TYPES_PATH = new URL("../examples/generated-client/api.d.ts", import.meta.url);
/** The inspector's copy of the same types (web/src/api.ts builds its openapi-fetch client on them). */
export const WEB_CLIENT_TYPES_PATH = new URL("../web/src/api.d.ts", import.meta.url);
const OPENAPI_PATH = new URL("../openapi.yaml", import.meta.url);

const BANNER = "/* Generated from openapi.yaml by `npm run openapi` (openapi-typescript); do not edit. */\n\n";

export async function generateClientTypes(): Promise<string> {
  const ast = await openapiTS(readFileSync(OPENAPI_PATH, "utf8"));
  return BANNER + astToString(ast);
}
