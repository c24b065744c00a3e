/**
 * @module web/vite.config
 * Builds the inspector (web/) into dist/ui/: index.html plus hashed files under assets/, served by the server
 * under /ui/. JSX goes through Vite's own Oxc transform with Preact's automatic runtime, so no Babel plugin is
 * needed.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/ui/",
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("../dist/ui", import.meta.url)),
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2022",
  },
  logLevel: "warn",
});
