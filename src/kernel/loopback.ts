/**
 * @module loopback
 * Whether a host name or address is this machine's loopback: what a server may listen on without an API key, and
 * the only Host a keyless server answers (so a web page cannot rebind a name of its own to it).
 */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}
