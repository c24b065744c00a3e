/**
 * @module storage-state
 * A browser's cookies and local storage in Playwright's storage-state JSON, the shape people already keep logins in:
 * exported from a session's browser and imported into another (or into the same one after a reset).
 */
export type StorageStateCookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Unix time in seconds; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
};

export type StorageState = {
  cookies: StorageStateCookie[];
  origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
};
