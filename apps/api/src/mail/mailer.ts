import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/database.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which kind of message, for the outbox listing (invitation, password-reset, ...). */
  template: string;
  userId?: string | null;
}

/** Queues a message in the caller's transaction: it is sent only if the change that caused it commits. */
export async function queueMail(db: Executor, message: MailMessage): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      template: message.template,
      user_id: message.userId ?? null,
    })
    .execute();
}

export interface Mailer {
  /** Delivers what is queued; call after the transaction that queued mail commits. */
  flush(): Promise<number>;
}

/**
 * Delivers queued mail. Without an SMTP server, delivery is the outbox itself: the message is written to the
 * log (with its body outside production, so links can be followed in development) and marked sent; system
 * administrators read the outbox in the app.
 */
export function createLogMailer(db: Db, log: FastifyBaseLogger, includeBody: boolean): Mailer {
  return {
    async flush() {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('mail_outbox')
          .select(['id', 'to_address', 'subject', 'text_body', 'template'])
          .where('sent_at', 'is', null)
          .where('error', 'is', null)
          .orderBy('id')
          .limit(100)
          .forUpdate()
          .skipLocked()
          .execute();
        for (const row of rows) {
          log.info(
            { mail: { id: row.id, to: row.to_address, subject: row.subject, template: row.template } },
            includeBody
              ? `mail queued (no SMTP configured):\n${row.text_body}`
              : 'mail queued (no SMTP configured)',
          );
        }
        if (rows.length) {
          await trx
            .updateTable('mail_outbox')
            .set({ sent_at: new Date() })
            .where(
              'id',
              'in',
              rows.map((row) => row.id),
            )
            .execute();
        }
        return rows.length;
      });
    },
  };
}
