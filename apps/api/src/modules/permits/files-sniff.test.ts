import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffPermitFile } from './files-sniff.ts';

const zip = (names: string[]) =>
  Buffer.from(zipSync(Object.fromEntries(names.map((name) => [name, Buffer.from('<x/>')]))));

describe('recognising permit files by their bytes', () => {
  it('accepts each kind when the bytes are that format', () => {
    const cases: [string, Buffer, string][] = [
      ['a.tif', Buffer.from('II*\u0000rest', 'latin1'), 'Image'],
      ['a.TIFF', Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 1]), 'Image'],
      ['a.dwg', Buffer.from('AC1032 drawing'), 'Drawing'],
      ['a.xlsx', zip(['xl/workbook.xml']), 'Spreadsheet'],
      ['a.kmz', zip(['doc.kml']), 'Map'],
      [
        'a.kml',
        Buffer.from('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"></kml>'),
        'Map',
      ],
      ['a.zip', zip(['anything.bin']), 'Archive'],
      ['a.txt', Buffer.from('notes — with UTF-8'), 'Text'],
      ['a.gif', Buffer.from('GIF89a...'), 'Image'],
    ];
    for (const [name, bytes, type] of cases) expect(sniffPermitFile(name, bytes)?.type, name).toBe(type);
  });

  it('refuses bytes that do not match the name, and names it does not accept', () => {
    expect(sniffPermitFile('a.docx', zip(['xl/workbook.xml']))).toBeNull();
    expect(sniffPermitFile('a.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
    expect(sniffPermitFile('a.kml', Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(sniffPermitFile('a.txt', Buffer.from('<!doctype html><p>hi</p>'))).toBeNull();
    expect(sniffPermitFile('a.csv', Buffer.from([0x4d, 0x5a, 0x00, 0x01]))).toBeNull();
    expect(sniffPermitFile('a.pdf', Buffer.from('MZ\u0090'))).toBeNull();
    expect(sniffPermitFile('a.svg', Buffer.from('<svg/>'))).toBeNull();
    expect(sniffPermitFile('noextension', Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
