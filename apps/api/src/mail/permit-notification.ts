import type { NotificationEventType } from '@crossarm/shared';
import { escapeHtml } from '../identity/pages.ts';
import type { MailMessage } from './mailer.ts';

/** What one e-mail about a change to a permit says. */
export interface PermitNotificationInput {
  to: string;
  userId: string;
  firstName: string;
  type: NotificationEventType;
  permitNumber: string;
  projectName: string;
  /** Who acted; null when the system did. */
  actorName: string | null;
  /** The change as the permit's activity log tells it, when there is one. */
  summary: string | null;
  /** The permit's page. */
  link: string;
}

/** The headline of each event type e-mailed, from the reader's side. */
const HEADLINES: Partial<Record<NotificationEventType, (who: string) => string>> = {
  PermitCreated: (who) => `${who} applied for a permit`,
  PermitCompleted: (who) => `${who} completed the permit`,
  PermitCancelRequested: (who) => `${who} asked to cancel the permit`,
  PermitCancelApproved: (who) => `${who} cancelled the permit`,
  PermitCancelRejected: (who) => `${who} turned down the request to cancel the permit`,
  PermitUncancelled: (who) => `${who} undid the cancellation of the permit`,
  PermitAddOnHold: (who) => `${who} put the permit on hold`,
  PermitRemoveOnHold: (who) => `${who} took the permit off hold`,
  CommentAdded: (who) => `${who} commented on the permit`,
  MentionedInComment: (who) => `${who} mentioned you in a comment`,
  FileUploaded: (who) => `${who} uploaded a file`,
  TaskAssignedToMe: (who) => `${who} assigned you a task`,
  TaskUnassignedFromMe: (who) => `${who} took you off a task`,
};

/** The permit's page in the web app. */
export const permitLink = (publicUrl: string, permitId: string) => `${publicUrl}/permitting/${permitId}`;

/** A headline for the event type, naming who acted. */
export function permitHeadline(type: NotificationEventType, actorName: string | null) {
  const who = actorName || 'Crossarm';
  return HEADLINES[type]?.(who) ?? `${who} changed the permit`;
}

/** An e-mail telling someone of a change to a permit they follow, with the link to open the permit. */
export function permitNotificationMessage(input: PermitNotificationInput): MailMessage {
  const headline = permitHeadline(input.type, input.actorName);
  const lines = [
    `Hello${input.firstName ? ` ${input.firstName}` : ''},`,
    `${headline}: permit ${input.permitNumber} in ${input.projectName}.`,
    ...(input.summary ? [input.summary] : []),
    'You receive this e-mail because of your notification settings for the project. Change them on the project page.',
  ];
  const [greeting = '', main = '', ...rest] = lines;
  const paragraph = (text: string, style = '') =>
    `<p style="margin:0 0 12px${style}">${escapeHtml(text)}</p>`;
  const html = [
    '<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    paragraph(greeting),
    paragraph(main, ';font-weight:600'),
    ...rest.slice(0, -1).map((text) => paragraph(text, ';padding-left:12px;border-left:3px solid #dee2e6')),
    `<p style="margin:0 0 12px"><a href="${escapeHtml(input.link)}" style="color:#4c6ef5">Open permit ${escapeHtml(input.permitNumber)}</a></p>`,
    paragraph(rest.at(-1) ?? '', ';color:#5f6b7a;font-size:13px'),
    '</div>',
  ].join('');
  return {
    to: input.to,
    userId: input.userId,
    template: `permit-${input.type}`,
    subject: `${input.permitNumber}: ${headline}`,
    text: `${lines.join('\n\n')}\n\n${input.link}\n`,
    html,
  };
}

/** One change in a digest. */
export interface DigestLine {
  headline: string;
  summary: string | null;
  link: string;
}

/** The daily digest: the changes a person asked to hear of by digest, oldest first, each with its link. */
export function permitDigestMessage(input: {
  to: string;
  userId: string;
  firstName: string;
  lines: DigestLine[];
}): MailMessage {
  const count = input.lines.length;
  const intro = `Here is what happened on the permits you follow since your last digest (${count} change${count === 1 ? '' : 's'}).`;
  const greeting = `Hello${input.firstName ? ` ${input.firstName}` : ''},`;
  const footer =
    'You receive this digest because of your notification settings for your projects. Change them on each project page.';
  const text = [
    greeting,
    intro,
    ...input.lines.map((line) => [line.headline, line.summary, line.link].filter(Boolean).join('\n')),
    footer,
  ].join('\n\n');
  const items = input.lines
    .map(
      (line) =>
        `<li style="margin:0 0 10px"><a href="${escapeHtml(line.link)}" style="color:#4c6ef5">${escapeHtml(line.headline)}</a>${line.summary ? `<br><span style="color:#5f6b7a">${escapeHtml(line.summary)}</span>` : ''}</li>`,
    )
    .join('');
  return {
    to: input.to,
    userId: input.userId,
    template: 'permit-digest',
    subject: `Your Crossarm digest: ${count} change${count === 1 ? '' : 's'} on your permits`,
    text: `${text}\n`,
    html: `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f2933"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul style="padding-left:18px">${items}</ul><p style="color:#5f6b7a;font-size:13px">${escapeHtml(footer)}</p></div>`,
  };
}
