import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLayerAddress } from './agol.ts';
import { getJson, isPrivateAddress } from './outbound.ts';

let server: Server;
let origin: string;
let closedPort: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/json') return response.end(JSON.stringify({ hello: 'world' }));
    if (url.pathname === '/big') return response.end(JSON.stringify({ filler: 'x'.repeat(5_000) }));
    if (url.pathname === '/html') return response.end('<html>not json</html>');
    if (url.pathname === '/missing') {
      response.writeHead(404);
      return response.end();
    }
    if (url.pathname === '/slow') return; // never answers
    if (url.pathname === '/to-json') {
      response.writeHead(302, { location: '/json' });
      return response.end();
    }
    if (url.pathname === '/to-file') {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      return response.end();
    }
    if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      return response.end();
    }
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const allowed = { allowPrivateHosts: true };

describe('outbound requests to user-given addresses', () => {
  it('fetches JSON and follows an http redirect', async () => {
    expect(await getJson(`${origin}/json`, allowed)).toEqual({ hello: 'world' });
    expect(await getJson(`${origin}/to-json`, allowed)).toEqual({ hello: 'world' });
  });

  it('refuses other schemes, also as a redirect target, and endless redirects', async () => {
    await expect(getJson('ftp://example.com/x', allowed)).rejects.toThrow(/Only http and https/);
    await expect(getJson(`${origin}/to-file`, allowed)).rejects.toThrow(/Only http and https/);
    await expect(getJson(`${origin}/loop`, allowed)).rejects.toThrow(/Too many redirects/);
  });

  it('refuses private and loopback hosts unless allowed, by address and by name', async () => {
    const guarded = { allowPrivateHosts: false };
    await expect(getJson(`${origin}/json`, guarded)).rejects.toThrow(/private or local address/);
    const byName = origin.replace('127.0.0.1', 'localhost');
    await expect(getJson(`${byName}/json`, guarded)).rejects.toThrow(/private or local address/);
    await expect(getJson('http://[::1]:9/x', guarded)).rejects.toThrow(/private or local address/);
  });

  it('classifies addresses', () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '52.1.2.3', '2001:4860:4860::8888']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('gives up on answers that are too large, too slow, not JSON, not 2xx, or never come', async () => {
    await expect(getJson(`${origin}/big`, { ...allowed, maxBytes: 1_000 })).rejects.toThrow(/larger than/);
    await expect(getJson(`${origin}/slow`, { ...allowed, timeoutMs: 200 })).rejects.toThrow(
      /No answer within 0.2 seconds/,
    );
    await expect(getJson(`${origin}/html`, allowed)).rejects.toThrow(/did not answer with JSON/);
    await expect(getJson(`${origin}/missing`, allowed)).rejects.toThrow(/HTTP 404/);
    await expect(getJson(`http://127.0.0.1:${closedPort}/`, allowed)).rejects.toThrow(/refused/);
  });
});

describe('ArcGIS addresses', () => {
  it('reads service, layer and item addresses', () => {
    expect(
      parseLayerAddress('https://services.arcgis.com/AbC/arcgis/rest/services/Poles/FeatureServer'),
    ).toEqual({
      kind: 'service',
      serviceUrl: 'https://services.arcgis.com/AbC/arcgis/rest/services/Poles/FeatureServer',
      layerId: null,
    });
    expect(parseLayerAddress('https://gis.example.com/server/rest/services/Poles/FeatureServer/2/')).toEqual({
      kind: 'service',
      serviceUrl: 'https://gis.example.com/server/rest/services/Poles/FeatureServer',
      layerId: 2,
    });
    expect(
      parseLayerAddress(
        'https://northfield.maps.arcgis.com/home/item.html?id=0123456789abcdef0123456789abcdef',
      ),
    ).toEqual({
      kind: 'item',
      portalUrl: 'https://northfield.maps.arcgis.com',
      itemId: '0123456789abcdef0123456789abcdef',
    });
    expect(
      parseLayerAddress('https://gis.example.com/portal/home/item.html?id=0123456789abcdef0123456789abcdef'),
    ).toMatchObject({ portalUrl: 'https://gis.example.com/portal' });
    expect(parseLayerAddress('https://example.com/some/page')).toBeNull();
    expect(parseLayerAddress('file:///x/FeatureServer')).toBeNull();
  });
});
