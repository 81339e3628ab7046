import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { cleanFileName } from '../../http/form.ts';
import { storeImage } from './images.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stored images', () => {
  it('removes the bytes at once when recording the image fails', async () => {
    const put = vi.spyOn(t.app.storage, 'put');
    const file = { field: 'avatar', filename: 'me.png', declaredType: 'image/png', data: PNG };
    // No such person: the row's foreign key refuses it after the bytes were written.
    const storing = t.db.transaction().execute((trx) =>
      storeImage(trx, t.app.storage, {
        file,
        purpose: 'avatar',
        organizationId: null,
        createdBy: randomUUID(),
      }),
    );
    await expect(storing).rejects.toThrow();
    const keys = put.mock.calls.map(([key]) => key);
    put.mockRestore();
    expect(keys).toHaveLength(1);
    expect(existsSync(path.join(t.config.filesDir, keys[0]!))).toBe(false);
  });

  it('keeps file names printable, without path separators, at most 255 characters', () => {
    expect(cleanFileName('me\u0000.png')).toBe('me.png');
    expect(cleanFileName('../etc\\passwd\r\n')).toBe('.._etc_passwd');
    expect(cleanFileName('\u0007\u007f')).toBe('file');
    expect(cleanFileName('é'.repeat(300))).toHaveLength(255);
  });
});
