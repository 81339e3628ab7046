import type { FavoriteFolder } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  closedFoldersOf,
  folderHoldsView,
  navigationListsView,
  openViewId,
  toggleFolder,
  viewLink,
} from './permit-views-nav';

const VIEW = '3f1c1a52-6a4e-4f0e-9a67-0d1f6c1b2a11';
const OTHER = '9b2d6f0e-1c4a-4e7b-8d3a-5a6b7c8d9e0f';
const folder = (id: string, views: string[], subFolders: FavoriteFolder[] = []): FavoriteFolder => ({
  id,
  name: id,
  order: 0,
  views: views.map((view, order) => ({ id: view, name: view, type: 'Table', isDefault: false, order })),
  subFolders,
});

describe('permit views in the navigation', () => {
  it('links a view to the tracker by its id', () => {
    expect(viewLink(VIEW)).toBe(`/permitting/all?view=${VIEW}`);
    expect(viewLink('all')).toBe('/permitting/all?view=all');
  });

  it('knows the open view from the address, or the default view when the address names none', () => {
    expect(openViewId('/permitting/all', `?view=${VIEW}&sort=x`, OTHER)).toBe(VIEW);
    expect(openViewId('/permitting/all', '', OTHER)).toBe(OTHER);
    expect(openViewId('/permitting/all/', '?page=2', OTHER)).toBe(OTHER);
    expect(openViewId('/permitting/all', '')).toBeNull();
    expect(openViewId('/permitting/dashboard', `?view=${VIEW}`, OTHER)).toBeNull();
    expect(openViewId('/permitting/all-mine', `?view=${VIEW}`)).toBeNull();
  });

  it('opens and closes folders, keeping only what the browser may have stored sensibly', () => {
    expect(toggleFolder([], 'a')).toEqual(['a']);
    expect(toggleFolder(['a', 'b'], 'a')).toEqual(['b']);
    expect(closedFoldersOf(['a', 'a', 3, null, 'b'])).toEqual(['a', 'b']);
    expect(closedFoldersOf('a')).toEqual([]);
    expect(closedFoldersOf(null)).toEqual([]);
  });

  it('finds a view in a folder or any of its sub-folders', () => {
    const tree = folder('top', [], [folder('sub', [], [folder('deep', [VIEW])])]);
    expect(folderHoldsView(tree, VIEW)).toBe(true);
    expect(folderHoldsView(tree, OTHER)).toBe(false);
    expect(folderHoldsView(tree, null)).toBe(false);
  });

  it('lists All Permits and every favourite beneath Permits, and no other view', () => {
    const tree = {
      favoriteViews: [{ id: OTHER }],
      favoriteFolders: [folder('top', [], [folder('sub', [VIEW])])],
    };
    expect(navigationListsView(tree, VIEW)).toBe(true);
    expect(navigationListsView(tree, OTHER)).toBe(true);
    expect(navigationListsView(tree, 'all')).toBe(true);
    expect(navigationListsView(null, 'all')).toBe(true);
    expect(navigationListsView(tree, 'c0ffee00-0000-4000-8000-000000000000')).toBe(false);
    expect(navigationListsView(null, VIEW)).toBe(false);
    expect(navigationListsView(tree, null)).toBe(false);
  });
});
