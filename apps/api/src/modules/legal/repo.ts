import type { Executor } from '../../db/database.ts';

type PolicyTable = 'terms_of_service' | 'privacy_policies';

/** A policy's given version, or its latest when no version is asked for. */
export async function findPolicy(db: Executor, table: PolicyTable, version?: number) {
  let query = db.selectFrom(table).selectAll();
  query =
    version === undefined ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  return query.executeTakeFirst();
}

export async function findAgreement(db: Executor, userId: string, termsId: string) {
  return db
    .selectFrom('terms_agreements')
    .selectAll()
    .where('user_id', '=', userId)
    .where('terms_of_service_id', '=', termsId)
    .executeTakeFirst();
}

/** Records an agreement; agreeing twice keeps the first time. */
export async function insertAgreement(db: Executor, userId: string, termsId: string) {
  await db
    .insertInto('terms_agreements')
    .values({ user_id: userId, terms_of_service_id: termsId })
    .onConflict((oc) => oc.columns(['user_id', 'terms_of_service_id']).doNothing())
    .execute();
  return findAgreement(db, userId, termsId);
}
