import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  auditActions,
  buildProjectScene,
  type ProjectScene,
  UNKNOWN_ID,
} from '../../../test/project-scene.ts';
import { sanitizeTermsHtml } from './terms.ts';

let t: TestApp;
let s: ProjectScene;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildProjectScene(t);
});
afterAll(() => t.close());

const url = (tail = 'terms', projectId = s.projectId) => `/api/projects/${projectId}/${tail}`;
const publish = (userId: string, htmlContent: unknown, projectId = s.projectId) =>
  t.injectAs(userId, { method: 'POST', url: url('terms', projectId), payload: { htmlContent } });
const accept = (userId: string, termsId: unknown) =>
  t.injectAs(userId, { method: 'POST', url: url('terms/accept'), payload: { termsId } });
const read = async (userId: string) => (await t.injectAs(userId, { method: 'GET', url: url() })).json().data;
const termsRows = () =>
  t.db.selectFrom('project_terms').select(['version', 'html_content']).orderBy('version').execute();

describe('project terms', () => {
  it('has no terms until the pole owner publishes some', async () => {
    expect(await read(s.attacherMember)).toEqual({ terms: null, acceptance: null });
    expect((await t.injectAs(s.outsider, { method: 'GET', url: url() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });

  it('publishes sanitised terms, which attachers see without an acceptance', async () => {
    const res = await publish(
      s.ownerManager,
      '<h2>Terms</h2><p onclick="steal()">Attach <b>safely</b>. <a href="https://example.test/rules">Rules</a>' +
        '<a href="javascript:alert(1)">x</a></p><script>alert(1)</script><img src="x" onerror="y">',
    );
    expect(res.statusCode).toBe(200);
    const clean =
      '<h2>Terms</h2><p>Attach <b>safely</b>. <a href="https://example.test/rules" rel="noopener noreferrer">' +
      'Rules</a><a rel="noopener noreferrer">x</a></p>';
    expect(res.json().data).toEqual({
      terms: {
        id: expect.any(String),
        version: 1,
        htmlContent: clean,
        createdAt: expect.any(String),
        createdBy: 'Olivia Owner',
      },
      acceptance: null,
    });
    expect(await termsRows()).toEqual([{ version: 1, html_content: clean }]);
    expect((await read(s.attacherMember)).terms.htmlContent).toBe(clean);
    expect(await auditActions(t, s.projectId)).toContain('project.terms-published');
  });

  it('lets an attacher accept the current version for its organization, once', async () => {
    const { terms } = await read(s.attacherMember);
    const res = await accept(s.attacherMember, terms.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.acceptance).toEqual({ acceptedAt: expect.any(String), acceptedBy: 'Abe Member' });
    // A colleague sees the organization's acceptance; another attacher has none of its own.
    expect((await read(s.attacherManager)).acceptance.acceptedBy).toBe('Abe Member');
    expect((await read(s.otherAttacherMember)).acceptance).toBeNull();
    expect((await accept(s.attacherManager, terms.id)).json().data.acceptance.acceptedBy).toBe('Abe Member');
    const rows = await t.db
      .selectFrom('project_terms_acceptances')
      .select(['organization_id', 'accepted_by'])
      .execute();
    expect(rows).toEqual([{ organization_id: s.attacherOrg, accepted_by: s.attacherMember }]);
    expect((await auditActions(t, s.projectId)).filter((a) => a === 'project.terms-accepted')).toHaveLength(
      1,
    );
  });

  it('asks for a new acceptance when a new version is published, and refuses the old one', async () => {
    const old = (await read(s.attacherMember)).terms.id;
    const second = await publish(s.ownerManager, '<p>Version two</p>');
    expect(second.json().data.terms.version).toBe(2);
    expect((await read(s.attacherMember)).acceptance).toBeNull();
    const stale = await accept(s.attacherMember, old);
    expect(stale.statusCode).toBe(409);
    expect((await termsRows()).map((row) => row.version)).toEqual([1, 2]);
  });

  it('keeps publishing with the pole owner’s managers and acceptance with attachers who may apply', async () => {
    const before = await termsRows();
    expect((await publish(s.attacherManager, '<p>Mine</p>')).statusCode).toBe(403);
    expect((await publish(s.ownerMember, '<p>Mine</p>')).statusCode).toBe(403);
    expect((await publish(s.outsider, '<p>Mine</p>')).statusCode).toBe(404);
    expect((await publish(s.ownerManager, '<p>Mine</p>', UNKNOWN_ID)).statusCode).toBe(404);
    const empty = await publish(s.ownerManager, '<script>alert(1)</script>');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('body.htmlContent');
    expect((await publish(s.ownerManager, 42)).json().errors[0].field).toBe('body.htmlContent');
    expect(
      (await t.app.inject({ method: 'POST', url: url(), payload: { htmlContent: '<p>x</p>' } })).statusCode,
    ).toBe(401);
    expect(await termsRows()).toEqual(before);

    const current = (await read(s.otherAttacherMember)).terms.id;
    expect((await accept(s.ownerManager, current)).statusCode).toBe(403);
    expect((await accept(s.outsider, current)).statusCode).toBe(404);
    expect((await accept(s.otherAttacherMember, 'nope')).json().errors[0].field).toBe('body.termsId');
    await t.injectAs(s.ownerManager, {
      method: 'PUT',
      url: url(`organizations/${s.otherAttacherOrg}/user-permissions`),
      payload: { users: [{ userId: s.otherAttacherMember, permissions: ['ViewPermits'] }] },
    });
    expect((await accept(s.otherAttacherMember, current)).statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('project_terms_acceptances')
        .select('organization_id')
        .where('organization_id', '=', s.otherAttacherOrg)
        .execute(),
    ).toEqual([]);
  });
});

describe('terms sanitising', () => {
  it('keeps lists, tables and emphasis and drops styles, frames and forms', () => {
    expect(
      sanitizeTermsHtml(
        '<ul><li><em>a</em></li></ul><table><tr><td>1</td></tr></table>' +
          '<style>p{}</style><iframe src="x"></iframe><form><input></form>',
      ),
    ).toBe('<ul><li><em>a</em></li></ul><table><tr><td>1</td></tr></table>');
  });
});
