import { z } from 'zod';
import {
  distinctColumns,
  type FilterGroup,
  FilterGroupInput,
  FilterGroupOutput,
  filterRowsOf,
  MAX_OVERVIEW_COLUMNS,
  MAX_OVERVIEW_SORTS,
  normalizeFilter,
  OverviewSort,
  OverviewSummaryOption,
  SortDirection,
} from './overview.ts';

// Saved views of the permit tracker: a table or a map with its columns, filters, sorts and summary row,
// shared with people and organizations at a permission level, and each person's default view and
// favourites (organised in folders).

/** The system views everyone has, read-only, with ids that never change. */
export const ALL_PERMITS_VIEW_ID = 'all';
export const DEFAULT_DASHBOARD_VIEW_ID = 'default';
export const SYSTEM_VIEW_IDS: readonly string[] = [ALL_PERMITS_VIEW_ID, DEFAULT_DASHBOARD_VIEW_ID];
export const ALL_PERMITS_VIEW_NAME = 'All Permits';
export const DEFAULT_DASHBOARD_VIEW_NAME = 'Default Dashboard';

/** Why a view may not take a name, or undefined: the system views' names are theirs alone, in any case. */
export function viewNameProblem(name: string): string | undefined {
  const taken = [ALL_PERMITS_VIEW_NAME, DEFAULT_DASHBOARD_VIEW_NAME].find(
    (system) => system.toLowerCase() === name.trim().toLowerCase(),
  );
  return taken ? `'${taken}' is the name of a view everyone has; choose another` : undefined;
}

/** The columns of 'All Permits', in order. */
export const ALL_PERMITS_COLUMNS: readonly string[] = [
  'permit.PermitNumber',
  'permit.ApplicantName',
  'project.Name',
  'permit.Location',
  'permit.Status',
  'workflow.ActiveStage',
  'workflow.NextUpTask',
  'permit.CreateDate',
  'permit.LastActivity',
  'permit.ActualPoles',
];

/** The project-name column, added to a view whenever it filters by project name. */
export const PROJECT_NAME_COLUMN = 'project.Name';

export const ViewType = z.enum(['Table', 'Map', 'Dashboard']);
export type ViewType = z.infer<typeof ViewType>;

/** What a saved (custom) view shows. */
export const CustomViewType = z.enum(['Table', 'Map']);
export type CustomViewType = z.infer<typeof CustomViewType>;

export const ViewApplication = z.enum(['JointUse']);
export type ViewApplication = z.infer<typeof ViewApplication>;

/** Manage: edit, share and delete; Edit: overwrite; View: read; None: no access (dropped when saved). */
export const ViewPermissionLevel = z.enum(['Manage', 'Edit', 'View', 'None']);
export type ViewPermissionLevel = z.infer<typeof ViewPermissionLevel>;

export const MAX_VIEW_SHARES = 500;
export const MAX_VIEW_NAME = 200;
export const MAX_VIEW_DESCRIPTION = 2000;

/** A person's grant; `name` is given in answers (so every grant can be named) and ignored when sent. */
export const ViewUserPermission = z.object({
  userId: z.uuid(),
  permission: ViewPermissionLevel,
  name: z.string().max(300).optional(),
});
export type ViewUserPermission = z.infer<typeof ViewUserPermission>;

/** An organization's grant; `name` as for a person's. */
export const ViewOrganizationPermission = z.object({
  id: z.uuid(),
  permission: ViewPermissionLevel,
  name: z.string().max(300).optional(),
});
export type ViewOrganizationPermission = z.infer<typeof ViewOrganizationPermission>;

export const ViewPermissions = z.object({
  users: z.array(ViewUserPermission).max(MAX_VIEW_SHARES).default([]),
  organizations: z.array(ViewOrganizationPermission).max(MAX_VIEW_SHARES).default([]),
});
export type ViewPermissions = z.infer<typeof ViewPermissions>;

/** Grants as one text, whatever their order and names: equal texts give the same levels to the same holders. */
export function grantsKey(permissions: ViewPermissions): string {
  return JSON.stringify([
    permissions.users.map((grant) => `${grant.userId}:${grant.permission}`).sort(),
    permissions.organizations.map((grant) => `${grant.id}:${grant.permission}`).sort(),
  ]);
}

/** Where a map view is centred. */
export const MapCenter = z.object({
  lng: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
});
export type MapCenter = z.infer<typeof MapCenter>;

/** A view id: a saved view's uuid, or a system view's well-known id. */
export const ViewId = z
  .string()
  .max(100)
  .refine((id) => SYSTEM_VIEW_IDS.includes(id) || z.uuid().safeParse(id).success, 'Must be a view id');

/**
 * The body of `POST views` and `PUT views/{id}` (which overwrites the whole view). Column ids are checked
 * against the caller's columns; filters and sorts on columns the view does not show are dropped, and a
 * filter on the project name adds that column. Leaving `permissions` out keeps them as they are (on create:
 * only the creator, with Manage).
 */
export const CustomViewInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'A view needs a name')
    .max(MAX_VIEW_NAME)
    .superRefine((name, context) => {
      const problem = viewNameProblem(name);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  description: z.string().trim().max(MAX_VIEW_DESCRIPTION).default(''),
  application: ViewApplication.default('JointUse'),
  type: CustomViewType,
  columnOptions: z.array(z.string().max(200)).max(MAX_OVERVIEW_COLUMNS).default([]),
  filterOptions: FilterGroupInput.nullish(),
  sortOptions: z.array(OverviewSort).max(MAX_OVERVIEW_SORTS).default([]),
  summaryRowOptions: z.array(OverviewSummaryOption).max(MAX_OVERVIEW_COLUMNS).default([]),
  isSummaryVisible: z.boolean().default(false),
  permissions: ViewPermissions.optional(),
  mapCenter: MapCenter.nullish(),
  mapZoom: z.number().min(0).max(24).nullish(),
});
export type CustomViewInput = z.input<typeof CustomViewInput>;
export type ParsedCustomViewInput = z.infer<typeof CustomViewInput>;

/** What the caller may do with a view and how it relates to them. */
export const ViewFlags = z.object({
  /** A system view: everyone has it and nobody changes it. */
  isSystem: z.boolean(),
  /** Any organization permission, or more than one user permission. */
  shared: z.boolean(),
  canEdit: z.boolean(),
  canManage: z.boolean(),
  isFavorite: z.boolean(),
  isDefault: z.boolean(),
});
export type ViewFlags = z.infer<typeof ViewFlags>;

/** A saved view as read. System views have no owner and no dates. */
export const CustomView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  application: ViewApplication,
  type: ViewType,
  columnOptions: z.array(z.string()),
  filterOptions: FilterGroupOutput.nullable(),
  sortOptions: z.array(z.object({ dataId: z.string(), direction: SortDirection })),
  summaryRowOptions: z.array(OverviewSummaryOption),
  isSummaryVisible: z.boolean(),
  /** Who has which level; the owner is always among the users with Manage. */
  permissions: z.object({
    users: z.array(ViewUserPermission),
    organizations: z.array(ViewOrganizationPermission),
  }),
  mapCenter: MapCenter.nullable(),
  mapZoom: z.number().nullable(),
  ownerUserId: z.uuid().nullable(),
  ownerOrganizationId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  ...ViewFlags.shape,
});
export type CustomView = z.infer<typeof CustomView>;

/** A view in the list of `views/manage`: what it is, who owns it and the caller's flags. */
export const ViewListItem = CustomView.pick({
  id: true,
  name: true,
  description: true,
  type: true,
  ownerUserId: true,
  ownerName: true,
  updatedAt: true,
  isSystem: true,
  shared: true,
  canEdit: true,
  canManage: true,
  isFavorite: true,
  isDefault: true,
});
export type ViewListItem = z.infer<typeof ViewListItem>;

/** `GET views/default`: the default table view ('All Permits' when none is set) and the default map view. */
export const DefaultViews = z.object({ table: CustomView, map: CustomView.nullable() });
export type DefaultViews = z.infer<typeof DefaultViews>;

// ---- Preferences

export const MAX_FAVORITE_FOLDER_DEPTH = 5;
export const MAX_FAVORITES = 500;
export const MAX_FAVORITE_FOLDERS = 200;
/**
 * The highest order a client may give a favourite or a folder. New favourites go one above the last, so
 * orders the server writes may pass it, but never by as much as a number can hold.
 */
export const MAX_FAVORITE_ORDER = 1_000_000;

export const DefaultViewPref = z.object({ id: ViewId, viewType: CustomViewType });
export type DefaultViewPref = z.infer<typeof DefaultViewPref>;

/** A favourite; name, type and isDefault are read from the view (what a client sends for them is ignored). */
export const FavoriteView = z.object({
  id: ViewId,
  name: z.string().max(MAX_VIEW_NAME).default(''),
  type: ViewType.default('Table'),
  isDefault: z.boolean().default(false),
  order: z.number().int().min(0),
});
export type FavoriteView = z.infer<typeof FavoriteView>;

export interface FavoriteFolder {
  id: string;
  name: string;
  views: FavoriteView[];
  subFolders: FavoriteFolder[];
  order: number;
}

export interface FavoriteFolderDraft {
  id: string;
  name: string;
  views?: z.input<typeof FavoriteView>[];
  subFolders?: FavoriteFolderDraft[];
  order: number;
}

export const FavoriteFolder: z.ZodType<FavoriteFolder, FavoriteFolderDraft> = z.lazy(() =>
  z.object({
    id: z.uuid(),
    name: z.string().trim().min(1, 'A folder needs a name').max(100),
    views: z.array(FavoriteView).max(MAX_FAVORITES).default([]),
    subFolders: z.array(FavoriteFolder).max(MAX_FAVORITE_FOLDERS).default([]),
    order: z.number().int().min(0),
  }),
);

/** How deep a folder list nests (1 for folders without sub-folders, 0 for none). */
export function folderDepth(folders: readonly FavoriteFolder[]): number {
  return folders.reduce((deepest, folder) => Math.max(deepest, 1 + folderDepth(folder.subFolders)), 0);
}

/** How many folders a folder list holds, its sub-folders included. */
export function folderCount(folders: readonly FavoriteFolder[]): number {
  return folders.reduce((count, folder) => count + 1 + folderCount(folder.subFolders), 0);
}

/** Every favourite, in folders or not. */
export function favoriteIdsOf(favoriteViews: readonly FavoriteView[], folders: readonly FavoriteFolder[]) {
  const ids = favoriteViews.map((view) => view.id);
  const walk = (list: readonly FavoriteFolder[]) => {
    for (const folder of list) {
      ids.push(...folder.views.map((view) => view.id));
      walk(folder.subFolders);
    }
  };
  walk(folders);
  return ids;
}

/** The order a new favourite gets: one above the last one. */
export function nextFavoriteOrder(favoriteViews: readonly Pick<FavoriteView, 'order'>[]): number {
  return favoriteViews.reduce((highest, view) => Math.max(highest, view.order + 1), 0);
}

/** The body of `PUT views/prefs`: at most one default view, each favourite once, folders at most 5 deep. */
export const ViewPrefsInput = z
  .object({
    defaultViews: z.array(DefaultViewPref).max(1, 'At most one default view: a table or a map').default([]),
    favoriteViews: z.array(FavoriteView).max(MAX_FAVORITES).default([]),
    favoriteFolders: z.array(FavoriteFolder).max(MAX_FAVORITE_FOLDERS).default([]),
  })
  .superRefine((prefs, ctx) => {
    if (folderDepth(prefs.favoriteFolders) > MAX_FAVORITE_FOLDER_DEPTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['favoriteFolders'],
        message: `Folders nest at most ${MAX_FAVORITE_FOLDER_DEPTH} deep`,
      });
    }
    if (folderCount(prefs.favoriteFolders) > MAX_FAVORITE_FOLDERS) {
      ctx.addIssue({
        code: 'custom',
        path: ['favoriteFolders'],
        message: `At most ${MAX_FAVORITE_FOLDERS} folders, sub-folders included`,
      });
    }
    const tooHigh = (order: number) => order > MAX_FAVORITE_ORDER;
    const orderMessage = `At most ${MAX_FAVORITE_ORDER.toLocaleString('en-US')}`;
    prefs.favoriteViews.forEach((view, index) => {
      if (tooHigh(view.order))
        ctx.addIssue({ code: 'custom', path: ['favoriteViews', index, 'order'], message: orderMessage });
    });
    const checkFolders = (folders: readonly FavoriteFolder[], path: (string | number)[]) => {
      folders.forEach((folder, index) => {
        const at = [...path, index];
        if (tooHigh(folder.order))
          ctx.addIssue({ code: 'custom', path: [...at, 'order'], message: orderMessage });
        folder.views.forEach((view, viewIndex) => {
          if (tooHigh(view.order))
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'views', viewIndex, 'order'],
              message: orderMessage,
            });
        });
        checkFolders(folder.subFolders, [...at, 'subFolders']);
      });
    };
    checkFolders(prefs.favoriteFolders, ['favoriteFolders']);
    const ids = favoriteIdsOf(prefs.favoriteViews, prefs.favoriteFolders);
    const seen = new Set<string>();
    const twice = ids.find((id) => seen.has(id) || !seen.add(id));
    if (twice) {
      ctx.addIssue({
        code: 'custom',
        path: ['favoriteViews'],
        message: `View ${twice} is a favourite more than once`,
      });
    }
    if (ids.length > MAX_FAVORITES) {
      ctx.addIssue({
        code: 'custom',
        path: ['favoriteViews'],
        message: `At most ${MAX_FAVORITES} favourites`,
      });
    }
  });
export type ViewPrefsInput = z.input<typeof ViewPrefsInput>;
export type ParsedViewPrefsInput = z.infer<typeof ViewPrefsInput>;

/** `GET views/prefs`: the caller's default and favourites, and every view the caller can see. */
export const ViewPrefs = z.object({
  defaultViews: z.array(DefaultViewPref),
  favoriteViews: z.array(FavoriteView),
  favoriteFolders: z.array(FavoriteFolder),
  allViews: z.array(ViewListItem),
});
export type ViewPrefs = z.infer<typeof ViewPrefs>;

// ---- Saving rules

export interface ViewOptions {
  columnOptions: string[];
  filterOptions: FilterGroup | null;
  sortOptions: { dataId: string; direction: SortDirection }[];
  summaryRowOptions: OverviewSummaryOption[];
}

function keepRows(group: FilterGroup, keep: ReadonlySet<string>): FilterGroup {
  return {
    condition: group.condition,
    rows: group.rows.filter((row) => row.dataId && keep.has(row.dataId)),
    groups: group.groups.map((child) => keepRows(child, keep)),
  };
}

/** The filter with only its rows on `columns`, normalized (groups left empty are dropped). */
export function filterOnColumns(filter: FilterGroup | null, columns: readonly string[]): FilterGroup | null {
  return filter && normalizeFilter(keepRows(filter, new Set(columns)));
}

/**
 * A view's options as they are saved: the filter normalized, each column once, the project-name column added
 * when a filter uses it, and — when the view names its columns — the sorts, filter rows and summaries on
 * other columns dropped. Sorts without a column are dropped too. The column added may take a view past
 * MAX_OVERVIEW_COLUMNS: `tidyColumnsProblem` says so, and such a view is not saved.
 */
export function tidyViewOptions(options: {
  columnOptions: readonly string[];
  filterOptions?: FilterGroup | null;
  sortOptions: readonly OverviewSort[];
  summaryRowOptions: readonly OverviewSummaryOption[];
}): ViewOptions {
  let filter = normalizeFilter(options.filterOptions);
  const columns = distinctColumns(options.columnOptions);
  const filtersByProjectName = filterRowsOf(filter).some((row) => row.dataId === PROJECT_NAME_COLUMN);
  if (columns.length > 0 && filtersByProjectName && !columns.includes(PROJECT_NAME_COLUMN)) {
    columns.push(PROJECT_NAME_COLUMN);
  }
  const sorts = options.sortOptions.flatMap((sort) =>
    sort.dataId ? [{ dataId: sort.dataId, direction: sort.direction }] : [],
  );
  if (columns.length === 0) {
    return { columnOptions: columns, filterOptions: filter, sortOptions: sorts, summaryRowOptions: [] };
  }
  const keep = new Set(columns);
  filter = filterOnColumns(filter, columns);
  return {
    columnOptions: columns,
    filterOptions: filter,
    sortOptions: sorts.filter((sort) => keep.has(sort.dataId)),
    summaryRowOptions: options.summaryRowOptions.filter((option) => keep.has(option.dataId)),
  };
}

/** A value with the keys of its objects in order, so that two readings of one value give one JSON text. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, ordered((value as Record<string, unknown>)[key])]),
  );
}

function withoutRowIds(group: FilterGroup): unknown {
  return {
    condition: group.condition,
    rows: group.rows.map(({ id: _id, ...row }) => row),
    groups: group.groups.map(withoutRowIds),
  };
}

/**
 * A view's columns, filter, sorts and summaries as one comparable text, as `tidyViewOptions` saves them and
 * without the filter rows' ids: two options with one key show the same table.
 */
export function viewOptionsKey(options: Parameters<typeof tidyViewOptions>[0]): string {
  const tidy = tidyViewOptions(options);
  return JSON.stringify(
    ordered([
      tidy.columnOptions,
      tidy.filterOptions && withoutRowIds(tidy.filterOptions),
      tidy.sortOptions,
      tidy.summaryRowOptions,
    ]),
  );
}

/**
 * Why options as `tidyViewOptions` leaves them cannot be saved, or null: the project-name column that a filter
 * on the project name adds counts towards the most columns a view shows, like any other.
 */
export function tidyColumnsProblem(tidy: Pick<ViewOptions, 'columnOptions'>): string | null {
  return tidy.columnOptions.length > MAX_OVERVIEW_COLUMNS
    ? `A view shows at most ${MAX_OVERVIEW_COLUMNS} columns, the project name included when a filter uses it: remove a column`
    : null;
}
