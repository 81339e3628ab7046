import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrg(t.db);
  userId = (await buildUser(t.db, { organizationId: org.id })).id;
});
afterAll(() => t.close());

describe('legal policies', () => {
  it('serves the privacy policy and the terms without a token', async () => {
    const privacy = await t.app.inject({ method: 'GET', url: '/api/legal/policies/privacy-policy' });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.json().data).toMatchObject({ version: 1 });
    expect(privacy.json().data.htmlContent).toContain('Privacy Policy');
    const terms = await t.app.inject({ method: 'GET', url: '/api/legal/policies/terms-of-service' });
    expect(terms.statusCode).toBe(200);
    expect(terms.json().data.htmlContent).toContain('Terms of Service');
  });

  it('serves a given privacy policy version, 404 for a missing one and 400 for a bad one', async () => {
    await t.db.insertInto('privacy_policies').values({ version: 2, html_content: '<p>Second</p>' }).execute();
    const latest = await t.app.inject({ method: 'GET', url: '/api/legal/policies/privacy-policy' });
    expect(latest.json().data.version).toBe(2);
    const first = await t.app.inject({ method: 'GET', url: '/api/legal/policies/privacy-policy?version=1' });
    expect(first.json().data.version).toBe(1);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/legal/policies/privacy-policy?version=9',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/legal/policies/privacy-policy?version=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('querystring.version');
  });
});

describe('terms of service agreement', () => {
  it('is absent at first, recorded by POST, and kept', async () => {
    const before = await t.injectAs(userId, {
      method: 'GET',
      url: '/api/legal/policies/terms-of-service/agreement',
    });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ agreed: false, agreedAt: null });

    const agreed = await t.injectAs(userId, {
      method: 'POST',
      url: '/api/legal/policies/terms-of-service/agreement',
    });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().data.agreed).toBe(true);
    const rows = await t.db
      .selectFrom('terms_agreements')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);

    const again = await t.injectAs(userId, {
      method: 'POST',
      url: '/api/legal/policies/terms-of-service/agreement',
    });
    expect(again.json().data.agreedAt).toBe(agreed.json().data.agreedAt);
    const after = await t.injectAs(userId, {
      method: 'GET',
      url: '/api/legal/policies/terms-of-service/agreement',
    });
    expect(after.json().data.agreed).toBe(true);
  });

  it('asks again when a new version of the terms is published', async () => {
    await t.injectAs(userId, { method: 'POST', url: '/api/legal/policies/terms-of-service/agreement' });
    const v2 = await t.db
      .insertInto('terms_of_service')
      .values({ version: 2, html_content: '<p>New terms</p>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.injectAs(userId, {
      method: 'GET',
      url: '/api/legal/policies/terms-of-service/agreement',
    });
    expect(res.json().data).toMatchObject({ agreed: false, termsOfServiceId: v2.id });
  });

  it('needs a token', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/legal/policies/terms-of-service/agreement' }))
        .statusCode,
    ).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/legal/policies/terms-of-service/agreement' });
    expect(res.statusCode).toBe(401);
    expect(await t.db.selectFrom('terms_agreements').selectAll().execute()).toHaveLength(1);
  });
});
