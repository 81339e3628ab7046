import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'crossarm-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Crossarm</title><div id="root"></div>',
  );
  await writeFile(path.join(webDist, 'version.txt'), '1.2.3+build\n');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('versions and start-up configuration', () => {
  it('GET /api/version answers without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { version: '0.1.0' }, error: null, statusText: 'OK' });
  });

  it('serves /version.txt fresh on every request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/version.txt' });
    expect(first.body).toBe('1.2.3+build');
    expect(first.headers['cache-control']).toBe('no-store');
    await writeFile(path.join(webDist, 'version.txt'), '1.2.4+build\n');
    expect((await t.app.inject({ method: 'GET', url: '/version.txt' })).body).toBe('1.2.4+build');
  });

  it('gives the browser the embedded provider, client and API audience', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.json().data.oidc).toEqual({
      authority: 'http://localhost:3000/oidc',
      clientId: 'crossarm-web',
      scope: 'openid profile email',
      extraQueryParams: { resource: 'urn:crossarm:api' },
    });
  });
});

describe('the web app and unknown paths', () => {
  it('serves index.html for app routes and a 404 problem for unknown API paths', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/permitting/all',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, status: 404, title: 'Not Found' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/landing' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  it('documents every API route, marking the public ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of [
      '/api/admin/me',
      '/api/admin/users/preferences',
      '/api/admin/users/{id}/header',
      '/api/legal/policies/privacy-policy',
      '/api/legal/policies/terms-of-service',
      '/api/legal/policies/terms-of-service/agreement',
      '/api/version',
    ]) {
      expect(doc.paths[route], route).toBeDefined();
    }
    expect(doc.paths['/api/version'].get.security).toEqual([]);
    expect(doc.paths['/api/admin/me'].get.security).toBeUndefined();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('the start-up guard', () => {
  it('refuses to start when an API route is neither authenticated nor public', async () => {
    const app = await buildApp({ config: t.config, db: t.db, identityKeys: t.keys });
    // A plugin that strips request hooks stands for any way a route could lose its authentication.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.onRequest = [];
      });
      scope.get('/api/leaky', async () => ({ secret: true }));
    });
    await expect(app.ready()).rejects.toThrow(/neither authenticated nor public: GET(,HEAD)? \/api\/leaky/);
    await app.close().catch(() => undefined);
  });

  it('refuses a request without a token before reading its body', async () => {
    // A body no schema accepts, and a body far larger than any filter: both are refused for the token alone.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/joint-use/permits/overview',
      payload: { pageOptions: { pageSize: 'x' } },
    });
    expect(bad.statusCode, bad.body).toBe(401);
    const groups = (depth: number): object => ({
      groups: depth === 0 ? [] : Array.from({ length: 40 }, () => groups(depth - 1)),
    });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/joint-use/permits/overview',
      payload: { filterOptions: groups(3) },
    });
    expect(huge.statusCode).toBe(401);
  });
});
