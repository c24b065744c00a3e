// @ts-check
/**
 * @module eslint.config
 * The quick lint (`npm run lint`): typescript-eslint's recommended set over src/, web/, tests/, bench/ and scripts/
 * without the rules that need types, plus no unused locals and no `any` in src/. The type-aware rules (no floating
 * promises, no misused promises, no unsafe `any` flow, …) are eslint.types.config.js, `npm run lint:types`, which CI
 * runs too.
 */
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // The generated client types are written by openapi-typescript (npm run openapi).
  {
    ignores: [
      "dist/",
      "node_modules/",
      "data/",
      "coverage/",
      "drizzle/meta/",
      "examples/generated-client/api.d.ts",
      "web/src/api.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // `any` is refused in src/ only (tests read response bodies with `res.json()`).
    files: ["tests/**", "bench/**", "scripts/**", "examples/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
