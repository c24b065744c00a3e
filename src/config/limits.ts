/**
 * @module limits
 * Upper bounds on configuration strings: a path, a URL, a name, a key. Nothing stored may be unbounded.
 */
export const MAX_PATH_CHARS = 4_096;
export const MAX_URL_CHARS = 2_048;
export const MAX_NAME_CHARS = 200;
export const MAX_SECRET_CHARS = 4_096;
