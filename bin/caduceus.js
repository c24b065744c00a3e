#!/usr/bin/env node
/**
 * @module caduceus
 * The `caduceus` command: runs the built server (`npm ci` builds dist/ in `prepare`, `npm run build` rebuilds it).
 */
import "../dist/main.js";
