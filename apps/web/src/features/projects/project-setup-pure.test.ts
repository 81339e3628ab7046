import {
  defaultNotificationPreference,
  NotificationEventType,
  ProjectNotificationPrefs,
} from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  initialPeopleDraft,
  peoplePermissionsChange,
  permissionOptionsForRole,
  permissionOptionsWithin,
  permissionSummary,
  personName,
} from './access/project-permissions';
import { contributorAbilities } from './access/setup-abilities';
import {
  groupInAppState,
  NOTIFICATION_GROUPS,
  notificationPrefsChange,
  notificationPrefsDirty,
  withGroupPreference,
  withPreference,
} from './notifications/notification-groups';
import { applyFormat, hasMarkup, TERMS_FORMATS, termsHtml } from './terms/terms-markup';

const ORG = '5f0c6a2e-0000-4000-8000-00000000000a';
const OTHER = '5f0c6a2e-0000-4000-8000-00000000000b';

describe('project permissions on screen', () => {
  it('offers an attacher everything but ManagePermits, the pole owner all six', () => {
    expect(permissionOptionsForRole('AttacherOrg').map((o) => o.value)).not.toContain('ManagePermits');
    expect(permissionOptionsForRole('PoleOwner')).toHaveLength(6);
  });

  it('narrows a person only within what the organization holds', () => {
    expect(permissionOptionsWithin(['CreatePermits', 'ViewPermits']).map((o) => o.value)).toEqual([
      'ViewPermits',
      'CreatePermits',
    ]);
  });

  it('reads a set as short names, or None', () => {
    expect(permissionSummary(['ViewPermits', 'CommentOnPermits'])).toBe('View permits, Comment');
    expect(permissionSummary([])).toBe('None');
  });

  it('names a person by name, or by address without one', () => {
    expect(personName({ firstName: 'Maria', lastName: 'Santos', email: 'm@x.example' })).toBe('Maria Santos');
    expect(personName({ firstName: ' ', lastName: '', email: 'm@x.example' })).toBe('m@x.example');
  });
});

describe('the people permissions dialog', () => {
  const organization = ['ViewPermits', 'CreatePermits', 'EditPermits'] as const;

  it('starts from a shared own set, else from the organization, inheriting unless all have their own', () => {
    expect(initialPeopleDraft([{ ownPermissions: ['ViewPermits'] }], organization)).toEqual({
      mode: 'own',
      permissions: ['ViewPermits'],
    });
    expect(
      initialPeopleDraft([{ ownPermissions: ['ViewPermits'] }, { ownPermissions: null }], organization),
    ).toEqual({ mode: 'inherit', permissions: [...organization] });
    expect(
      initialPeopleDraft(
        [{ ownPermissions: ['ViewPermits'] }, { ownPermissions: ['EditPermits'] }],
        organization,
      ),
    ).toEqual({ mode: 'own', permissions: [...organization] });
  });

  it('sends null to inherit, and an own set in order without what the organization lacks', () => {
    expect(peoplePermissionsChange(['u1', 'u2'], { mode: 'inherit', permissions: [] }, organization)).toEqual(
      [
        { userId: 'u1', permissions: null },
        { userId: 'u2', permissions: null },
      ],
    );
    expect(
      peoplePermissionsChange(
        ['u1'],
        { mode: 'own', permissions: ['EditPermits', 'ManagePermits', 'ViewPermits'] },
        organization,
      ),
    ).toEqual([{ userId: 'u1', permissions: ['ViewPermits', 'EditPermits'] }]);
  });
});

describe('contributor abilities', () => {
  const manager = { systemPermissions: ['ManageProjects'] as const, user: { organizationId: ORG } };
  const member = { systemPermissions: [] as const, user: { organizationId: ORG } };

  it('lets the pole owner see every contributor and its managers change them', () => {
    expect(contributorAbilities(manager, { myRole: 'PoleOwner' }, OTHER)).toEqual({
      see: true,
      manage: true,
      managePeople: true,
    });
    expect(contributorAbilities(member, { myRole: 'PoleOwner' }, OTHER)).toEqual({
      see: true,
      manage: false,
      managePeople: false,
    });
  });

  it('lets an attacher see only its own organization, and its managers narrow its people', () => {
    expect(contributorAbilities(manager, { myRole: 'AttacherOrg' }, OTHER).see).toBe(false);
    expect(contributorAbilities(manager, { myRole: 'AttacherOrg' }, ORG)).toEqual({
      see: true,
      manage: false,
      managePeople: true,
    });
  });
});

function defaults(): ProjectNotificationPrefs {
  const events = Object.fromEntries(
    NotificationEventType.options.map((type) => [type, defaultNotificationPreference(type)]),
  );
  return ProjectNotificationPrefs.parse({ muted: false, events });
}

describe('notification settings', () => {
  it('puts every event type in exactly one group', () => {
    const grouped = NOTIFICATION_GROUPS.flatMap((group) => group.events.map((event) => event.type));
    expect([...grouped].sort()).toEqual([...NotificationEventType.options].sort());
  });

  it('sends the mute and only the event types that changed', () => {
    const saved = defaults();
    expect(notificationPrefsChange(saved, saved)).toEqual({ muted: false, events: {} });
    expect(notificationPrefsDirty(saved, saved)).toBe(false);

    const draft = withPreference({ ...saved, muted: true }, 'CommentAdded', { email: 'Digest' });
    expect(notificationPrefsChange(saved, draft)).toEqual({
      muted: true,
      events: { CommentAdded: { inApp: true, email: 'Digest' } },
    });
    expect(notificationPrefsDirty(saved, draft)).toBe(true);
    // Changing both back leaves nothing to save.
    expect(notificationPrefsDirty(saved, withPreference(draft, 'CommentAdded', { email: 'Off' }))).toBe(true);
    expect(
      notificationPrefsDirty(saved, {
        ...withPreference(draft, 'CommentAdded', { email: 'Off' }),
        muted: false,
      }),
    ).toBe(false);
  });

  it('sets a whole group at once and reads its in-app state', () => {
    const bulk = NOTIFICATION_GROUPS.find((group) => group.key === 'bulk')!;
    const saved = defaults();
    expect(groupInAppState(saved, bulk)).toBe('all');
    const off = withGroupPreference(saved, bulk, { inApp: false });
    expect(groupInAppState(off, bulk)).toBe('none');
    expect(groupInAppState(withPreference(off, 'BulkDelete', { inApp: true }), bulk)).toBe('some');
    expect(Object.keys(notificationPrefsChange(saved, off).events ?? {})).toHaveLength(bulk.events.length);
  });
});

describe('the terms editor', () => {
  const bold = TERMS_FORMATS.find((format) => format.label === 'Bold')!;

  it('wraps the selection in the markup and keeps it selected', () => {
    expect(applyFormat('Pay the fee now', 4, 11, bold)).toEqual({
      text: 'Pay <strong>the fee</strong> now',
      selectionStart: 12,
      selectionEnd: 19,
    });
  });

  it('puts a placeholder in when nothing is selected, and copes with a backwards selection', () => {
    expect(applyFormat('ab', 1, 1, bold)).toEqual({
      text: 'a<strong>bold text</strong>b',
      selectionStart: 9,
      selectionEnd: 18,
    });
    expect(applyFormat('abcd', 3, 1, bold).text).toBe('a<strong>bc</strong>d');
  });

  it('publishes markup as written and plain text as escaped paragraphs', () => {
    expect(hasMarkup('<p>Hi</p>')).toBe(true);
    expect(hasMarkup('Poles 1 < 2 and 3 > 2')).toBe(false);
    expect(termsHtml('  <p>Hi</p>  ')).toBe('<p>Hi</p>');
    expect(termsHtml('First line\nsecond & last\n\n  Next <paragraph')).toBe(
      '<p>First line<br>second &amp; last</p>\n<p>Next &lt;paragraph</p>',
    );
    expect(termsHtml('   ')).toBe('');
  });
});
