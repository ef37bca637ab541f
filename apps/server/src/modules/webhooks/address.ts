import { promises as dns, lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A webhook may reach only the public internet (decision 079): an admin's URL must not make the server call its own
 * loopback, the private network it runs in, or the cloud's metadata address (link-local 169.254.169.254). The name
 * is checked when the webhook is saved and again at every send, on the address the connection really uses (a name
 * that resolved to a public address at saving may resolve to a private one later: DNS rebinding).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 is 127.0.0.1.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  // Everything ipaddr.js names otherwise is loopback, private, link-local, unique-local, CGNAT, multicast,
  // broadcast, unspecified, reserved or a transition range that may lead to any of them.
  return parsed.range() === 'unicast';
}

/** Why a URL is refused, as a sentence; undefined when it may be used. */
export async function refusalOfUrl(url: string, allowPrivate: boolean): Promise<string | undefined> {
  if (allowPrivate) return undefined;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => undefined,
      );
  if (!addresses) return `The webhook's host ${host} could not be found: check the address`;
  const inside = addresses.find((a) => !isPublicAddress(a));
  return inside
    ? `The webhook's address ${host} leads to ${inside}, a loopback, private or link-local address: webhooks go to public addresses only (WEBHOOK_ALLOW_PRIVATE=true allows others)`
    : undefined;
}

/** Node's DNS lookup for a delivery's connection, refusing a private address unless allowed (DNS rebinding). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, found) => {
      if (err) return callback(err, '', 4);
      const list = found as unknown as { address: string; family: number }[];
      const usable = allowPrivate ? list : list.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) {
        return callback(new Error(`${hostname} leads to a private address only`) as NodeJS.ErrnoException, '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}
