import { isIP } from 'node:net';

/**
 * Which Host names the server answers (ALLOWED_HOSTS): '*' for any, or the names allowed
 * besides the defaults (isDefaultHost). Names are lower case, without port or trailing dot.
 */
export type AllowedHosts = '*' | readonly string[];

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
/** A Host header: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_.-]+))(?::\d{1,5})?$/i;

/** The name a Host header asks for (lower case, no port, no trailing dot, IPv6 unbracketed), or null when it is not a host. */
export function hostnameOf(host: string): string | null {
  const match = HOST_HEADER.exec(host);
  if (!match) return null;
  const name = (match[1] ?? match[2]).toLowerCase().replace(/\.$/, '');
  return name === '' ? null : name;
}

/**
 * Names no one else's DNS can point at this server, so a DNS-rebinding page cannot use them:
 * localhost, IP addresses (v4 and v6), single-label LAN names (`garage-pc`) and mDNS `*.local`.
 */
export function isDefaultHost(name: string): boolean {
  return isIP(name) !== 0 || name === 'localhost' || !name.includes('.') || name.endsWith('.local');
}

/** Whether a request's Host header may be answered. A request without one (HTTP/1.0) comes from no browser: allowed. */
export function isHostAllowed(host: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed === '*' || !host) return true;
  const name = hostnameOf(host);
  return name !== null && (isDefaultHost(name) || allowed.includes(name));
}

/** ALLOWED_HOSTS: `*`, or host names (or IP addresses) separated by commas; null when it is neither. */
export function parseAllowedHosts(value: string): AllowedHosts | null {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 1 && entries[0] === '*') return '*';
  if (entries.length === 0) return null;
  const names: string[] = [];
  for (const entry of entries) {
    const name = entry.toLowerCase().replace(/\.$/, '');
    const bare = name.replace(/^\[(.*)\]$/, '$1');
    if (isIP(bare) !== 0) names.push(bare);
    else if (HOST_NAME.test(name)) names.push(name);
    else return null;
  }
  return names;
}
