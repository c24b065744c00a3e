/**
 * @module url-rules
 * Where a webhook may be sent: `http(s)` only; never a link-local or cloud metadata address (169.254.0.0/16,
 * fe80::/10, fd00:ec2::254, 100.100.100.200), nor an unspecified or multicast one; loopback and private ranges only
 * when the operator allows them (`webhooks.allow_private`). The check is of the addresses the name resolves to, made
 * on every delivery, and the delivery connects to the address checked — a name re-pointed between the check and the
 * connection (DNS rebinding) reaches nothing new.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { DomainError } from "../../kernel/errors.js";

/** Resolves a host name to its addresses (node's `dns.lookup` with `all`); tests may pass their own. */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

const NEVER = new BlockList();
NEVER.addSubnet("169.254.0.0", 16, "ipv4");
NEVER.addSubnet("0.0.0.0", 8, "ipv4");
NEVER.addSubnet("224.0.0.0", 4, "ipv4");
NEVER.addSubnet("240.0.0.0", 4, "ipv4");
NEVER.addAddress("100.100.100.200", "ipv4");
NEVER.addSubnet("fe80::", 10, "ipv6");
NEVER.addSubnet("ff00::", 8, "ipv6");
NEVER.addAddress("fd00:ec2::254", "ipv6");
NEVER.addAddress("::", "ipv6");

const PRIVATE = new BlockList();
PRIVATE.addSubnet("127.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("10.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("172.16.0.0", 12, "ipv4");
PRIVATE.addSubnet("192.168.0.0", 16, "ipv4");
PRIVATE.addSubnet("100.64.0.0", 10, "ipv4");
PRIVATE.addSubnet("198.18.0.0", 15, "ipv4");
PRIVATE.addAddress("::1", "ipv6");
PRIVATE.addSubnet("fc00::", 7, "ipv6");

/** Why an address may not be sent to; null when it may. */
export function addressRefusal(raw: string, allowPrivate: boolean): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  const address = mapped ? mapped[1] : raw;
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  if (NEVER.check(address, family)) return `${raw} is a link-local, metadata or reserved address`;
  if (!allowPrivate && PRIVATE.check(address, family))
    return `${raw} is a loopback or private address (webhooks.allow_private is off)`;
  return null;
}

/** A URL a webhook may have: parsed, `http(s)`, without credentials. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DomainError("url_not_allowed", "url: not a URL", { fields: [{ path: ["url"], message: "not a URL" }] });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new DomainError("url_not_allowed", `url: ${url.protocol} is not http or https`, {
      fields: [{ path: ["url"], message: "only http and https" }],
    });
  if (url.username || url.password)
    throw new DomainError("url_not_allowed", "url: carries credentials", {
      fields: [{ path: ["url"], message: "no user or password in the URL; verify the signature instead" }],
    });
  return url;
}

/** The address a delivery connects to: the URL's host resolved, every address allowed; throws naming the refusal. */
export async function allowedAddress(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolver,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} does not resolve`);
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, allowPrivate);
    if (refusal)
      throw new DomainError("url_not_allowed", `url: ${host} resolves to ${refusal}`, {
        fields: [{ path: ["url"], message: refusal }],
      });
  }
  return addresses[0];
}
