// @ts-check
/**
 * @module eslint.types.config
 * The type-aware lint (`npm run lint:types`, run by CI after the type check): typescript-eslint's type-aware
 * recommended set over src/, web/, tests/, bench/ and scripts/, plus the rules the house style leans on — no unused
 * locals, no floating promises, no `any` in src/. It reads the whole program's types, so it takes about as long as
 * `npm run typecheck`; `npm run lint` (eslint.config.js) is the same set without the rules that need types.
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
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      // Interface methods that return a promise are async whether or not this implementation awaits.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests read response bodies with `res.json()`, which is `any` until the routes export response types to
    // type them with; `any` is refused in src/ only.
    files: ["tests/**", "bench/**", "scripts/**", "examples/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
