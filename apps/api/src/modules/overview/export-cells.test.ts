import { describe, expect, it } from 'vitest';
import { columnLabel, exportCell } from './export-cells.ts';

describe('overview export cells', () => {
  it('labels a stage or task column with its subject, and a duration with its unit', () => {
    expect(columnLabel({ name: 'Status', subjectName: 'Site Walk', type: 'Enum' })).toBe(
      'Site Walk · Status',
    );
    expect(columnLabel({ name: 'Poles', subjectName: null, type: 'Number' })).toBe('Poles');
    expect(columnLabel({ name: 'Elapsed Time', subjectName: 'Site Walk', type: 'Duration' })).toBe(
      'Site Walk · Elapsed Time (days)',
    );
  });

  it('writes dates as dates in a workbook and as text in CSV', () => {
    const date = { type: 'Date' as const };
    expect(exportCell(date, '2026-04-07', 'Xlsx')).toEqual(new Date('2026-04-07T00:00:00Z'));
    expect(exportCell(date, '2026-04-07T10:30:00.000Z', 'Xlsx')).toEqual(new Date('2026-04-07T10:30:00Z'));
    expect(exportCell(date, '2026-04-07', 'Csv')).toBe('2026-04-07');
    expect(exportCell(date, '2026-04-07T10:30:00.000Z', 'Csv')).toBe('2026-04-07 10:30:00');
    expect(exportCell(date, null, 'Xlsx')).toBeNull();
  });

  it("writes moments as the caller's wall clock reads them, and days as they are", () => {
    const date = { type: 'Date' as const };
    const zone = 'America/Los_Angeles';
    expect(exportCell(date, '2026-11-01T05:22:41.939Z', 'Csv', zone)).toBe('2026-10-31 22:22:41');
    expect(exportCell(date, '2026-11-01T05:22:41.939Z', 'Xlsx', zone)).toEqual(
      new Date('2026-10-31T22:22:41Z'),
    );
    expect(exportCell(date, '2026-11-01', 'Csv', zone)).toBe('2026-11-01');
    expect(exportCell(date, '2026-11-01', 'Xlsx', zone)).toEqual(new Date('2026-11-01T00:00:00Z'));
  });

  it('writes numbers as numbers and durations rounded to hundredths of a day', () => {
    expect(exportCell({ type: 'Number' }, 12, 'Xlsx')).toBe(12);
    expect(exportCell({ type: 'Duration' }, 1.23456, 'Csv')).toBe(1.23);
  });

  it('writes labels, names, yes/no and the workflow summary as text', () => {
    const options = [{ value: 'OnHold', label: 'On Hold' }];
    expect(exportCell({ type: 'Enum', options }, 'OnHold', 'Xlsx')).toBe('On Hold');
    expect(exportCell({ type: 'Enum', options }, 'Other', 'Xlsx')).toBe('Other');
    expect(
      exportCell(
        { type: 'Users' },
        [
          { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Engineer' },
          { id: '00000000-0000-4000-8000-000000000002', name: 'Bo Surveyor' },
        ],
        'Csv',
      ),
    ).toBe('Ada Engineer, Bo Surveyor');
    expect(exportCell({ type: 'Files' }, ['a.pdf', 'b.kmz'], 'Csv')).toBe('a.pdf, b.kmz');
    expect(exportCell({ type: 'Boolean' }, false, 'Csv')).toBe('No');
    expect(
      exportCell({ type: 'Metadata' }, { workflow: 'Aerial', version: 2, files: 1, comments: 3 }, 'Csv'),
    ).toBe('Aerial v2, 1 file, 3 comments');
  });
});
