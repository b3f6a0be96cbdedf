import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a supplier source may reach (issue 34, decision 0037): the outside only. Any address that is
 * not public unicast is refused (loopback, RFC 1918, link-local with the cloud metadata address 169.254.169.254,
 * unique-local with fd00:ec2::254, carrier-grade NAT, unspecified, multicast, broadcast, reserved and documentation
 * ranges, NAT64/6to4/Teredo forms that embed an IPv4 address), in any spelling: ipaddr.js reads IPv4-mapped and
 * IPv4-compatible IPv6 addresses as the IPv4 address they carry. The operator allows a supplier on the shop's own
 * network by SUPPLIER_SOURCES_ALLOWED_HOSTS: a host name (then whatever it resolves to), an address or a range.
 */

export const ADDRESS_NOT_ALLOWED_MESSAGE =
  'Адрес не разрешён: прайс-листы загружаются только с серверов в интернете, не из внутренней сети. ' +
  'Внутренний сервер может разрешить администратор магазина (настройка SUPPLIER_SOURCES_ALLOWED_HOSTS)';

/** A host that resolves to an address the rules refuse; nothing was sent to it. */
export class AddressNotAllowed extends Error {
  readonly code = 'ERR_ADDRESS_NOT_ALLOWED';
  constructor() {
    super(ADDRESS_NOT_ALLOWED_MESSAGE);
    this.name = 'AddressNotAllowed';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (tests answer names themselves, as a hostile name server would). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundRules {
  /** SUPPLIER_SOURCES_ALLOWED_HOSTS: host names, addresses and ranges (`10.0.0.0/8`) allowed although inside. */
  allowedHosts: readonly string[];
  resolveHost?: ResolveHost;
}

const systemResolve: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** `[::1]` (a URL's hostname) -> `::1`; names lower-cased, without the root's trailing dot. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
}

/** One entry of the allow setting: a CIDR range, an address (as a /32 or /128), or a host name. */
type AllowEntry = { range: [ipaddr.IPv4 | ipaddr.IPv6, number] } | { name: string };

function parseEntry(entry: string): AllowEntry {
  const text = bareHost(entry.trim());
  if (text.includes('/') && ipaddr.isValidCIDR(text)) return { range: ipaddr.parseCIDR(text) };
  if (ipaddr.isValid(text)) {
    const address = ipaddr.process(text);
    return { range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  return { name: text };
}

/** What is wrong with one entry of SUPPLIER_SOURCES_ALLOWED_HOSTS, or null (config.ts checks the setting). */
export function allowEntryProblem(entry: string): string | null {
  const text = entry.trim();
  if (text === '') return 'an empty entry';
  if (text.includes('/') && !ipaddr.isValidCIDR(bareHost(text))) return `"${text}" is not an address range`;
  if (!text.includes('/') && !ipaddr.isValid(bareHost(text)) && !/^[a-z0-9.-]+$/i.test(text)) {
    return `"${text}" is neither a host name nor an address`;
  }
  return null;
}

function allowedByEntry(address: ipaddr.IPv4 | ipaddr.IPv6, entries: readonly AllowEntry[]): boolean {
  return entries.some(
    (entry) => 'range' in entry && entry.range[0].kind() === address.kind() && address.match(entry.range),
  );
}

/** The rules, read once per fetch. */
export class OutboundAddressPolicy {
  private readonly entries: AllowEntry[];
  private readonly resolveHost: ResolveHost;

  constructor(rules: OutboundRules) {
    this.entries = rules.allowedHosts.map(parseEntry);
    this.resolveHost = rules.resolveHost ?? systemResolve;
  }

  /** A host the operator named: fetched whatever it resolves to. */
  hostAllowedByName(hostname: string): boolean {
    const host = bareHost(hostname);
    return this.entries.some((entry) => 'name' in entry && entry.name === host);
  }

  /** Public unicast, or inside and allowed by the setting. */
  addressAllowed(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return parsed.range() === 'unicast' || allowedByEntry(parsed, this.entries);
  }

  /**
   * Throws AddressNotAllowed when a URL's host is an address the rules refuse, or a name that is surely inside
   * (`localhost`, RFC 6761). Other names are checked when resolved, at connection time (connectionLookup).
   */
  checkLiteralHost(hostname: string): void {
    if (this.hostAllowedByName(hostname)) return;
    const host = bareHost(hostname);
    if (ipaddr.isValid(host)) {
      if (!this.addressAllowed(host)) throw new AddressNotAllowed();
    } else if (host === 'localhost' || host.endsWith('.localhost')) {
      throw new AddressNotAllowed();
    }
  }

  /** The addresses of a name, all allowed (one inside address refuses the name), or AddressNotAllowed. */
  async resolveAllowed(hostname: string): Promise<ResolvedAddress[]> {
    this.checkLiteralHost(hostname);
    const addresses = await this.resolveHost(bareHost(hostname));
    if (this.hostAllowedByName(hostname)) return addresses;
    if (addresses.length === 0 || !addresses.every(({ address }) => this.addressAllowed(address))) {
      throw new AddressNotAllowed();
    }
    return addresses;
  }

  /**
   * A `lookup` for net/tls.connect: the connection goes to exactly the addresses this check passed, resolved once,
   * so a name cannot answer an outside address to the check and an inside one to the connection (DNS rebinding).
   * Node calls no lookup for an address literal: those are checked by checkLiteralHost before each request.
   */
  connectionLookup(): LookupFunction {
    return (hostname, options, callback) => {
      this.resolveAllowed(hostname).then(
        (addresses) => {
          const family = options.family === 4 || options.family === 6 ? options.family : null;
          const usable = family ? addresses.filter((address) => address.family === family) : addresses;
          if (usable.length === 0) {
            const error = Object.assign(new Error(`No IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' });
            callback(error, '', 0);
          } else if (options.all) {
            callback(null, usable);
          } else {
            callback(null, usable[0]!.address, usable[0]!.family);
          }
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    };
  }
}
