import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** A request to a server the user named that could not be made or answered nothing usable. */
export class OutboundError extends Error {
  override name = 'OutboundError';
}

export interface OutboundOptions {
  /** Let the address resolve to private, loopback or link-local hosts (tests, local servers). */
  allowPrivateHosts: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 3;

// Addresses a pasted URL must not reach from a production server: this host, the private network around it,
// cloud metadata services (169.254.169.254) and the reserved ranges. BlockList matches IPv4-mapped IPv6
// addresses (::ffff:10.0.0.1) against the IPv4 ranges by itself.
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is loopback, private, link-local or reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function refusal(host: string) {
  return new OutboundError(`${host} is a private or local address, which this server does not contact.`);
}

/**
 * Resolves the host as the socket connects and refuses private answers there, so a name that resolves to a
 * public address when checked and to a private one when used (DNS rebinding) is still refused.
 */
function guardedLookup(allowPrivateHosts: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivateHosts && addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(refusal(hostname), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new OutboundError(`${hostname} has no address.`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

function checkTarget(url: URL, allowPrivateHosts: boolean) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError(`Only http and https addresses are fetched, not ${url.protocol}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateHosts && isIP(host) && isPrivateAddress(host)) throw refusal(host);
}

interface RawResponse {
  status: number;
  location: string | undefined;
  body: Buffer;
}

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${Math.round(bytes / 1_048_576)} MB` : `${Math.ceil(bytes / 1024)} KB`;

function requestOnce(url: URL, options: Required<OutboundOptions>, signal: AbortSignal) {
  return new Promise<RawResponse>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(options.allowPrivateHosts),
        headers: { accept: 'application/json', 'user-agent': 'Crossarm' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location, body: Buffer.alloc(0) });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            reject(new OutboundError(`The answer is larger than ${sizeText(options.maxBytes)}.`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location: undefined, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

function describe(error: unknown, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new OutboundError(`No answer within ${timeoutMs / 1000} seconds.`);
  }
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const reason = { ENOTFOUND: 'the host name is unknown', ECONNREFUSED: 'the connection was refused' }[code];
  return new OutboundError(reason ?? (error instanceof Error ? error.message : String(error)));
}

/**
 * GETs a URL a user gave and parses the JSON answer, within a time limit (the whole exchange, redirects
 * included) and a size limit. Redirects are followed only to http(s) addresses that pass the same checks.
 */
export async function getJson(address: string, options: OutboundOptions): Promise<unknown> {
  const body = await getOk(address, options);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new OutboundError('The server did not answer with JSON.');
  }
}

/** GETs a URL a user gave, with the same guards as getJson, and returns the body of its 2xx answer. */
export async function getOk(address: string, options: OutboundOptions): Promise<Buffer> {
  const settings: Required<OutboundOptions> = {
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxBytes: DEFAULT_MAX_BYTES,
    ...options,
  };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url = new URL(address);
  try {
    for (let hop = 0; ; hop++) {
      checkTarget(url, settings.allowPrivateHosts);
      const response = await requestOnce(url, settings, signal);
      if (response.status >= 300 && response.status < 400 && response.location) {
        if (hop >= MAX_REDIRECTS) throw new OutboundError('Too many redirects.');
        url = new URL(response.location, url);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        throw new OutboundError(`The server answered HTTP ${response.status}.`);
      }
      return response.body;
    }
  } catch (error) {
    throw describe(error, settings.timeoutMs);
  }
}
