import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { overviewAs, where } from '../modules/overview/overview-test-kit.ts';
import { buildPermitScene, type PermitScene, sceneProject } from '../modules/permits/test-scene.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { inputProblem, MAX_INPUT_DEPTH } from './input-guard.ts';

/** `depth` levels of `{"groups":[...]}` around an empty group. */
const nestedGroups = (depth: number) => `${'{"groups":['.repeat(depth)}{}${']}'.repeat(depth)}`;

describe('inputProblem', () => {
  it('finds the first NUL character in document order, in values and in names', () => {
    expect(inputProblem({ a: 'fine', b: ['x', 'y\u0000'], c: 'z\u0000' }, 'body')).toEqual({
      field: 'body.b.1',
      message: 'Text may not contain the NUL character',
    });
    expect(inputProblem({ ['k\u0000']: 1 }, 'querystring')?.field).toBe('querystring.k\u0000');
    expect(inputProblem('a\u0000', 'params')?.field).toBe('params');
  });

  it('allows nesting up to the limit and refuses one level more, naming where', () => {
    const deep = (levels: number) => {
      let value: unknown = 'leaf';
      for (let level = 0; level < levels; level++) value = { next: value };
      return value;
    };
    expect(inputProblem(deep(MAX_INPUT_DEPTH), 'body')).toBeNull();
    const refused = inputProblem(deep(MAX_INPUT_DEPTH + 1), 'body');
    expect(refused?.message).toBe(`Nested deeper than ${MAX_INPUT_DEPTH} levels`);
    expect(refused?.field).toBe(`body${'.next'.repeat(MAX_INPUT_DEPTH)}`);
    // Far deeper than a recursive walk could go.
    expect(inputProblem(JSON.parse(nestedGroups(100_000)), 'body')?.field).toMatch(/^body\.groups\.0\./);
  });

  it('passes plain input, and leaves alone what is not plain data', () => {
    expect(inputProblem({ a: [1, true, null, { b: 'c' }] }, 'body')).toBeNull();
    expect(inputProblem(Buffer.from('a\u0000b'), 'body')).toBeNull();
    // A parsed query string is an object without Object's prototype.
    expect(inputProblem(Object.assign(Object.create(null), { q: 'a\u0000' }), 'querystring')?.field).toBe(
      'querystring.q',
    );
    expect(inputProblem(undefined, 'body')).toBeNull();
  });
});

describe('the input guard on every route', () => {
  let t: TestApp;
  let s: PermitScene;

  beforeAll(async () => {
    t = await createTestApp();
    s = await buildPermitScene(t);
    await sceneProject(t, s, 'GRD');
  });
  afterAll(() => t.close());

  const refusal = (res: { statusCode: number; json: () => { errors?: { field: string }[] } }) => ({
    status: res.statusCode,
    field: res.json().errors?.[0]?.field,
  });

  it('answers 400 naming the field for text holding NUL in a body, a query or a search', async () => {
    expect(
      refusal(
        await overviewAs(t, s.ownerMember, {
          columnOptions: ['permit.PermitNumber'],
          searchOptions: { text: 'a\u0000b' },
        }),
      ),
    ).toEqual({ status: 400, field: 'body.searchOptions.text' });
    expect(
      refusal(
        await overviewAs(t, s.ownerMember, {
          columnOptions: ['permit.PermitNumber'],
          filterOptions: where('permit.Location', 'Contains', 'a\u0000b'),
        }),
      ),
    ).toEqual({ status: 400, field: 'body.filterOptions.rows.0.value' });
    const view = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: '/api/joint-use/views',
      payload: { name: 'Poles\u0000north', type: 'Table', columnOptions: ['permit.PermitNumber'] },
    });
    expect(refusal(view)).toEqual({ status: 400, field: 'body.name' });
    const myWork = await t.injectAs(s.attacherMember, {
      method: 'POST',
      url: '/api/joint-use/my-work/tasks',
      payload: { filter: { text: 'pole\u0000' } },
    });
    expect(refusal(myWork)).toEqual({ status: 400, field: 'body.filter.text' });
    const listed = await t.injectAs(s.ownerMember, { method: 'GET', url: '/api/projects?search=a%00b' });
    expect(refusal(listed)).toEqual({ status: 400, field: 'querystring.search' });
    const saved = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM custom_views WHERE name LIKE 'Poles%'`.execute(t.db);
    expect(saved.rows[0]!.n).toBe(0);
  });

  it('answers 400, not 500, for filters and folders nested far past their limits', async () => {
    const filter = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: '/api/joint-use/permits/overview',
      headers: { 'content-type': 'application/json' },
      payload: `{"columnOptions":["permit.PermitNumber"],"filterOptions":${nestedGroups(3000)}}`,
    });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors[0].message).toBe(`Nested deeper than ${MAX_INPUT_DEPTH} levels`);
    const folder = '{"id":"00000000-0000-4000-8000-000000000001","name":"f","order":0,"subFolders":[';
    const prefs = await t.injectAs(s.ownerMember, {
      method: 'PUT',
      url: '/api/joint-use/views/prefs',
      headers: { 'content-type': 'application/json' },
      payload: `{"favoriteFolders":[${folder.repeat(2000)}${']}'.repeat(2000)}]}`,
    });
    expect(prefs.statusCode).toBe(400);
    expect(prefs.json().errors[0].field).toMatch(/^body\.favoriteFolders\.0\.subFolders\.0\./);
    // Within the limit, the schemas' own depth rules still answer, naming their field.
    const six = await overviewAs(t, s.ownerMember, {
      columnOptions: ['permit.PermitNumber'],
      filterOptions: JSON.parse(nestedGroups(6)),
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().errors[0].field).toMatch(/^body\.filterOptions/);
  });

  it('answers 400 when text with NUL reaches the database by another way (the error handler)', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get(
      '/nul',
      async () => (await sql<{ v: string }>`SELECT ${'a\u0000b'}::text AS v`.execute(t.db)).rows,
    );
    const res = await app.inject({ method: 'GET', url: '/nul' });
    await app.close();
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Text may not contain the NUL character.');
  });
});
