/**
 * @module anchor-values
 * How both stores read an anchor value a client asks for: a short hex string is the start of a commit SHA.
 */

/** A commit SHA cut short, as people type them: matched as a prefix of the stored value. */
export const HEX_PREFIX = /^[0-9a-f]{6,39}$/;
