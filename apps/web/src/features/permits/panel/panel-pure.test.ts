import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { activityKindLabel, changeLines, changeText, labelOfKey, valueText } from './activity-diff';
import {
  activityFilterBody,
  dateRangeProblem,
  dayBoundary,
  hasActivityFilters,
  NO_ACTIVITY_FILTERS,
} from './activity-filters';
import { earlierCount, earlierPage, lastPageOf, laterPage, unreadIds } from './comment-pages';
import {
  addAttachments,
  authorName,
  commentForm,
  commentProblem,
  initialsOf,
  isBlankCommentHtml,
  mentionSpec,
} from './comment-text';
import { fileProblem, PERMIT_FILE_ACCEPT, uploadFailureText } from './file-rules';
import { panelAbilities } from './panel-abilities';
import { PANEL_TABS, panelTabFromParams } from './panel-tabs';
import { designLinkBody, designLinkProblems } from './report-form';

const USER = '8f14e45f-ceea-4e6a-9c1b-2d8f0c3b9a11';

describe('mentions', () => {
  it('emits exactly the span the server reads', () => {
    expect(mentionSpec(USER, 'Ada Lovelace')).toEqual(['span', { 'data-mention': USER }, '@Ada Lovelace']);
  });
});

describe('comment text', () => {
  it('treats empty paragraphs and spaces as blank', () => {
    expect(isBlankCommentHtml('<p></p>')).toBe(true);
    expect(isBlankCommentHtml('<p>&nbsp; <br></p>')).toBe(true);
    expect(isBlankCommentHtml(`<p><span data-mention="${USER}">@Ada</span></p>`)).toBe(false);
  });

  it('asks for text or a file, and refuses too many or too large files', () => {
    expect(commentProblem('<p></p>', [])).toBe('Write a comment or attach a file.');
    expect(commentProblem('<p></p>', [{ name: 'a.pdf', size: 10 }])).toBeNull();
    expect(commentProblem('<p>Hi</p>', [])).toBeNull();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, size: 1 }));
    expect(commentProblem('<p>Hi</p>', six)).toBe('Attach at most 5 files to one comment.');
    expect(commentProblem('<p>Hi</p>', [{ name: 'big.pdf', size: 101 * 1024 * 1024 }])).toBe(
      'big.pdf is larger than 100 MB.',
    );
    expect(commentProblem(`<p>${'x'.repeat(20_001)}</p>`, [])).toMatch(/too long/);
  });

  it('builds the multipart body: html first, then the files', () => {
    const file = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    const body = commentForm('<p>See plan</p>', [file]);
    expect(body.get('html')).toBe('<p>See plan</p>');
    const sent = body.getAll('files');
    expect(sent).toHaveLength(1);
    expect((sent[0] as File).name).toBe('plan.pdf');
    expect(commentForm('<p></p>', [file]).get('html')).toBe('');
  });

  it('adds chosen files once each', () => {
    const a = new File(['a'], 'a.txt');
    const again = new File(['a'], 'a.txt');
    const b = new File(['bb'], 'b.txt');
    expect(addAttachments([a], [again, b]).map((file) => file.name)).toEqual(['a.txt', 'b.txt']);
  });

  it('names authors and their initials', () => {
    expect(authorName({ name: null })).toBe('Former user');
    expect(authorName({ name: ' Ada ' })).toBe('Ada');
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('')).toBe('?');
  });
});

describe('comment pages', () => {
  it('finds the latest page and the neighbours of loaded pages', () => {
    expect(lastPageOf(0, 20)).toBe(1);
    expect(lastPageOf(40, 20)).toBe(2);
    expect(lastPageOf(41, 20)).toBe(3);
    expect(earlierPage({ page: 1, pageSize: 20, total: 5 })).toBeUndefined();
    expect(earlierPage({ page: 3, pageSize: 20, total: 45 })).toBe(2);
    expect(laterPage({ page: 3, pageSize: 20, total: 45 })).toBeUndefined();
    // A comment posted since the page was read made a new page.
    expect(laterPage({ page: 2, pageSize: 20, total: 41 })).toBe(3);
    expect(earlierCount({ page: 3, pageSize: 20, total: 45 })).toBe(40);
  });

  it('lists the unread comments shown', () => {
    expect(
      unreadIds([
        { id: 'a', read: true },
        { id: 'b', read: false },
      ]),
    ).toEqual(['b']);
  });
});

describe('activity changes', () => {
  it('shows facts recorded on both sides that differ, without ids', () => {
    const lines = changeLines(
      { status: 'Active', restricted: false, onHoldReason: null, propertyEntryId: 'x' },
      { status: 'OnHold', restricted: false, onHoldReason: 'Waiting for survey', propertyEntryId: 'y' },
    );
    expect(lines.map(changeText)).toEqual([
      'Status: Active → On hold',
      'On hold reason: — → Waiting for survey',
    ]);
  });

  it('shows nothing when one side is missing or a fact appears on one side only', () => {
    expect(changeLines(null, { name: 'plan.pdf' })).toEqual([]);
    expect(changeLines({ actualPoles: 3 }, { actualPoles: 5, added: 2 }).map(changeText)).toEqual([
      'Actual poles: 3 → 5',
    ]);
  });

  it('writes values and labels for people', () => {
    expect(valueText(true)).toBe('Yes');
    expect(valueText('InProgress')).toBe('In progress');
    expect(valueText('Active')).toBe('Active');
    expect(valueText('NEC-JU-000026')).toBe('NEC-JU-000026');
    expect(valueText(['a', 'b'])).toBe('a, b');
    expect(valueText([])).toBe('—');
    expect(valueText({ name: 'plan.pdf', fileId: 'x' })).toBe('plan.pdf');
    expect(valueText(12.5)).toBe('12.5');
    expect(labelOfKey('onHoldReason')).toBe('On hold reason');
    expect(activityKindLabel('PermitAddOnHold')).toBe('Put on hold');
    expect(activityKindLabel('PermitRemoveOnHold')).toBe('Removed from hold');
    expect(activityKindLabel('TaskUncompleted')).toBe('Task reopened');
    expect(activityKindLabel('SomethingNew')).toBe('Something new');
  });
});

describe('file rules', () => {
  it('checks name and size before uploading', () => {
    expect(fileProblem({ name: 'plan.PDF', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'setup.exe', size: 10 })).toMatch(/^setup\.exe is not a kind of file/);
    expect(fileProblem({ name: 'empty.pdf', size: 0 })).toMatch(/is empty/);
    expect(fileProblem({ name: 'big.zip', size: 200 * 1024 * 1024 })).toMatch(/larger than 100 MB/);
    expect(PERMIT_FILE_ACCEPT).toContain('.kmz');
  });

  it("shows the server's reason for a refused file", () => {
    const refused = new ApiError({
      status: 400,
      title: 'Bad Request',
      detail: 'files: fake.pdf is not an accepted file',
      errors: [
        { field: 'body.files', message: 'fake.pdf is not an accepted file, or its content does not match' },
      ],
    });
    expect(uploadFailureText(refused)).toBe(
      'fake.pdf is not an accepted file, or its content does not match',
    );
    expect(uploadFailureText(new ApiError({ status: 403, title: 'Forbidden', detail: 'You may not' }))).toBe(
      'You may not',
    );
    expect(uploadFailureText(new Error('x'))).toMatch(/Check your connection/);
  });
});

describe('panel tabs', () => {
  it('reads the tab from the URL, a linked comment opening the comments', () => {
    expect(panelTabFromParams(new URLSearchParams(''))).toBe('comments');
    expect(panelTabFromParams(new URLSearchParams('panel=files'))).toBe('files');
    expect(panelTabFromParams(new URLSearchParams('panel=nope'))).toBe('comments');
    expect(panelTabFromParams(new URLSearchParams(`panel=activity&comment=${USER}`))).toBe('comments');
    expect(PANEL_TABS).toEqual(['comments', 'files', 'reports', 'activity', 'map']);
  });
});

describe('panel abilities', () => {
  it('offers everything until the header says otherwise', () => {
    expect(panelAbilities(undefined)).toEqual({ comment: true, editFiles: true, export: true });
    expect(panelAbilities({ status: 'Active', permissions: ['ViewPermits', 'CommentOnPermits'] })).toEqual({
      comment: true,
      editFiles: false,
      export: false,
    });
    expect(panelAbilities({ status: 'Completed', permissions: ['EditPermits', 'ExportPermits'] })).toEqual({
      comment: false,
      editFiles: false,
      export: true,
    });
  });
});

describe('design links', () => {
  it('checks the id and address as the server does', () => {
    expect(designLinkProblems({ designId: '', designUrl: '' })).toEqual({ designId: 'Enter the design id' });
    expect(designLinkProblems({ designId: 'a b', designUrl: '' }).designId).toBe(
      'Letters, digits and dashes, 3 to 64 characters',
    );
    expect(designLinkProblems({ designId: 'DES-001', designUrl: 'ftp://x' })).toEqual({
      designUrl: 'An http or https address',
    });
    expect(designLinkProblems({ designId: 'DES-001', designUrl: 'https://designs.example.com/1' })).toEqual(
      {},
    );
  });

  it('sends the address only when there is one', () => {
    expect(designLinkBody({ designId: ' DES-001 ', designUrl: ' ' })).toEqual({ designId: 'DES-001' });
    expect(designLinkBody({ designId: 'DES-001', designUrl: 'https://d.example.com' })).toEqual({
      designId: 'DES-001',
      designUrl: 'https://d.example.com',
    });
  });
});

describe('activity filters', () => {
  it('sends only the filters that are set, days as local day bounds', () => {
    expect(activityFilterBody(NO_ACTIVITY_FILTERS)).toEqual({});
    const body = activityFilterBody({
      kinds: ['CommentAdded'],
      userIds: [USER],
      fromDay: '2026-03-01',
      toDay: '2026-03-02',
    });
    expect(body.kinds).toEqual(['CommentAdded']);
    expect(body.userIds).toEqual([USER]);
    expect(body.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(body.to).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
    expect(hasActivityFilters(NO_ACTIVITY_FILTERS)).toBe(false);
  });

  it('leaves out a reversed range and says why', () => {
    const reversed = { ...NO_ACTIVITY_FILTERS, fromDay: '2026-03-05', toDay: '2026-03-01' };
    expect(dateRangeProblem(reversed)).toBe('The start is after the end');
    expect(activityFilterBody(reversed)).toEqual({});
    expect(dayBoundary('not a day', false)).toBeNull();
  });
});
