import { describe, expect, it } from 'vitest';
import { offeredBulkActions } from './bulk-actions';

const kinds = (offered: ReturnType<typeof offeredBulkActions>) => offered.map((action) => action.kind);
const ALL = ['hold', 'release', 'restrict', 'unrestrict', 'delete'];

describe('the actions of the selection bar', () => {
  it('offers holds and restrictions to the pole owner’s permit managers', () => {
    const owner = {
      myRole: 'PoleOwner' as const,
      myPermissions: ['ViewPermits' as const, 'ManagePermits' as const],
    };
    expect(kinds(offeredBulkActions([owner]))).toEqual(ALL);
  });

  it('offers an attacher, or an owner’s user who does not manage permits, only what they may do', () => {
    const attacher = {
      myRole: 'AttacherOrg' as const,
      myPermissions: ['ViewPermits' as const, 'EditPermits' as const],
    };
    const ownerUser = {
      myRole: 'PoleOwner' as const,
      myPermissions: ['ViewPermits' as const, 'EditPermits' as const],
    };
    expect(kinds(offeredBulkActions([attacher, ownerUser]))).toEqual(['delete']);
    expect(kinds(offeredBulkActions([]))).toEqual(['delete']);
  });

  it('leaves holds and restrictions out until the projects are known, and offers them if they cannot be', () => {
    expect(kinds(offeredBulkActions('unknown'))).toEqual(['delete']);
    expect(kinds(offeredBulkActions('failed'))).toEqual(ALL);
  });
});
