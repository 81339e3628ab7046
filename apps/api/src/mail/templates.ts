import { escapeHtml } from '../identity/pages.ts';
import type { MailMessage } from './mailer.ts';

interface LinkMessageInput {
  to: string;
  userId: string;
  firstName: string;
  link: string;
  expiresAt: Date;
}

const when = (date: Date) =>
  date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).concat(' UTC');

function html(paragraphs: string[], link: string, action: string): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  return `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">${body}<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p><p style="color:#5f6b7a;font-size:13px">If the button does not work, open this address: ${escapeHtml(link)}</p></div>`;
}

/** The invitation to join an organization, with the link to choose a password. */
export function invitationMessage(
  input: LinkMessageInput & { organizationName: string; inviterName: string },
): MailMessage {
  const lines = [
    `Hello${input.firstName ? ` ${input.firstName}` : ''},`,
    `${input.inviterName} invited you to join ${input.organizationName} on Crossarm, the joint use permitting platform.`,
    `Choose your password to get started. The link works once and expires on ${when(input.expiresAt)}.`,
  ];
  return {
    to: input.to,
    userId: input.userId,
    template: 'invitation',
    subject: `You are invited to ${input.organizationName} on Crossarm`,
    text: `${lines.join('\n\n')}\n\n${input.link}\n`,
    html: html(lines, input.link, 'Choose a password'),
  };
}

/** A password reset started by an administrator. */
export function passwordResetMessage(input: LinkMessageInput): MailMessage {
  const lines = [
    `Hello${input.firstName ? ` ${input.firstName}` : ''},`,
    'An administrator started a password reset for your Crossarm account.',
    `Choose a new password with the link below. It works once and expires on ${when(input.expiresAt)}. Your current password keeps working until then.`,
  ];
  return {
    to: input.to,
    userId: input.userId,
    template: 'password-reset',
    subject: 'Reset your Crossarm password',
    text: `${lines.join('\n\n')}\n\n${input.link}\n`,
    html: html(lines, input.link, 'Choose a new password'),
  };
}
