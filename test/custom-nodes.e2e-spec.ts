import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminCaller, Caller, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/** /api/v2/custom-nodes: the display configuration of node kinds (routes-misc C.9). */
describe('custom nodes', () => {
  let t: TestApp;
  let admin: Caller;
  let readOnly: Caller;

  const icon = (fields: Record<string, unknown> = {}) => ({ icon: { type: 'font-awesome', name: 'user', color: '#123456', ...fields } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
  });
  afterAll(() => t.close());

  it('answers 401 without credentials', async () => {
    expect(errorMessage(await new Caller(t).get('/custom-nodes'), 401)).toBe('not authenticated');
  });

  it('lists nothing at first', async () => {
    const res = await admin.get('/custom-nodes');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('lets any signed-in user read kinds, and only graphdb:Write change them (403 for Read-Only)', async () => {
    expect((await readOnly.get('/custom-nodes')).status).toBe(200);
    expect(errorMessage(await readOnly.post('/custom-nodes', { custom_types: { Nope: icon() } }), 403)).toBe('not authorized');
    expect(errorMessage(await readOnly.put('/custom-nodes/Nope', { config: icon() }), 403)).toBe('not authorized');
    expect(errorMessage(await readOnly.delete('/custom-nodes/Nope'), 403)).toBe('not authorized');
  });

  it('creates kinds (201, in the order sent), white when no colour is given', async () => {
    const res = await admin.post('/custom-nodes', {
      custom_types: { Widget: icon(), Gadget: { icon: { type: 'font-awesome', name: 'gear' } } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual([
      { id: expect.any(Number), kindName: 'Widget', config: icon() },
      { id: expect.any(Number), kindName: 'Gadget', config: { icon: { type: 'font-awesome', name: 'gear', color: '#FFFFFF' } } },
    ]);
    const list = await admin.get('/custom-nodes');
    expect(list.body.data.map((k: { kindName: string }) => k.kindName)).toEqual(['Widget', 'Gadget']);
  });

  it('reads one kind by name, 404 resource not found for another', async () => {
    const res = await admin.get('/custom-nodes/Widget');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), kindName: 'Widget', config: icon() });
    expect(errorMessage(await admin.get('/custom-nodes/widget'), 404)).toBe('resource not found');
    expect(errorMessage(await admin.get('/custom-nodes/a%00b'), 404)).toBe('resource not found');
  });

  it('answers 409 Conflict: duplicate kind name and creates none of the set', async () => {
    const res = await admin.post('/custom-nodes', { custom_types: { Fresh: icon(), Widget: icon() } });
    expect(errorMessage(res, 409)).toBe('Conflict: duplicate kind name');
    expect(errorMessage(await admin.get('/custom-nodes/Fresh'), 404)).toBe('resource not found');
  });

  it('answers 201 with no kinds for an empty set', async () => {
    const res = await admin.post('/custom-nodes', { custom_types: {} });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: [] });
  });

  describe('refuses bad bodies with the reference messages, creating nothing', () => {
    const cases: [string, unknown, string][] = [
      ['an empty key', { custom_types: { Ok: icon(), '': icon() } },
        'BadRequest: custom_types contains an entry with an empty string as a key. please remove or replace the empty key'],
      ['another icon type', { custom_types: { Ok: icon({ type: 'material' }) } },
        'BadRequest: invalid icon type. only Font Awesome icons are supported'],
      ['no icon', { custom_types: { Ok: {} } }, 'BadRequest: invalid icon type. only Font Awesome icons are supported'],
      ['a bad colour', { custom_types: { Ok: icon({ color: 'red' }) } },
        "BadRequest: icon color must be a valid hexadecimal color string starting with '#' followed by 3 or 6 hex digits"],
      ['a kind name past 256 characters', { custom_types: { ['K'.repeat(257)]: icon() } },
        'BadRequest: kind name must be at most 256 characters'],
      ['NUL in a kind name', { custom_types: { 'A\u0000': icon() } }, 'BadRequest: kind name must not contain NUL characters'],
      ['NUL in an icon name', { custom_types: { Ok: icon({ name: 'a\u0000' }) } }, 'BadRequest: icon name must not contain NUL characters'],
      ['custom_types of the wrong type', { custom_types: ['x'] }, 'error unmarshalling JSON payload'],
      ['an icon field of the wrong type', { custom_types: { Ok: icon({ color: 1 }) } }, 'error unmarshalling JSON payload'],
      ['a body that is not an object', [1], 'error unmarshalling JSON payload'],
    ];
    for (const [what, body, message] of cases) {
      it(`answers 400 for ${what}`, async () => {
        expect(errorMessage(await admin.post('/custom-nodes', body), 400)).toBe(message);
      });
    }

    it('answers 400 error unmarshalling JSON payload for malformed JSON', async () => {
      expect(errorMessage(await admin.raw('post', '/custom-nodes', '{"custom_types":'), 400)).toBe('error unmarshalling JSON payload');
    });

    it('created nothing meanwhile', async () => {
      expect(errorMessage(await admin.get('/custom-nodes/Ok'), 404)).toBe('resource not found');
    });
  });

  describe('PUT /api/v2/custom-nodes/{kind_name}', () => {
    it('replaces the configuration', async () => {
      const res = await admin.put('/custom-nodes/Gadget', { config: icon({ name: 'bolt', color: '' }) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: expect.any(Number), kindName: 'Gadget', config: icon({ name: 'bolt', color: '#FFFFFF' }) });
      expect((await admin.get('/custom-nodes/Gadget')).body.data.config.icon.name).toBe('bolt');
    });

    it('answers 404 resource not found for an unknown kind', async () => {
      expect(errorMessage(await admin.put('/custom-nodes/Nope', { config: icon() }), 404)).toBe('resource not found');
    });

    it('checks the body before the kind: 400 for a bad configuration of an unknown kind', async () => {
      expect(errorMessage(await admin.put('/custom-nodes/Nope', { config: icon({ color: '#12' }) }), 400))
        .toBe("BadRequest: icon color must be a valid hexadecimal color string starting with '#' followed by 3 or 6 hex digits");
      expect(errorMessage(await admin.put('/custom-nodes/Gadget', { config: 'x' }), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await admin.put('/custom-nodes/Gadget', {}), 400))
        .toBe('BadRequest: invalid icon type. only Font Awesome icons are supported');
    });
  });

  describe('DELETE /api/v2/custom-nodes/{kind_name}', () => {
    it('deletes the kind: 200 with an empty body', async () => {
      const res = await admin.delete('/custom-nodes/Gadget');
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(errorMessage(await admin.get('/custom-nodes/Gadget'), 404)).toBe('resource not found');
    });

    it('answers 404 resource not found for an unknown kind', async () => {
      expect(errorMessage(await admin.delete('/custom-nodes/Gadget'), 404)).toBe('resource not found');
    });

    it('frees the name for a new kind', async () => {
      expect((await admin.post('/custom-nodes', { custom_types: { Gadget: icon() } })).status).toBe(201);
    });
  });
});
