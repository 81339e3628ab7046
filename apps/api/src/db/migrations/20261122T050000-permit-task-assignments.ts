import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Who works a permit's task. The set is replaced as a whole; a person removed from the system leaves it.
    -- Tied to the permit rather than to the permit_tasks row: moving a permit to another version rewrites
    -- its task rows, and a task that keeps its key keeps its people.
    CREATE TABLE permit_task_assignments (
      permit_id uuid NOT NULL REFERENCES permits (id) ON DELETE CASCADE,
      task_key uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      assigned_by uuid REFERENCES users (id) ON DELETE SET NULL,
      assigned_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (permit_id, task_key, user_id)
    );
    -- "Assigned to me" lists start from the person.
    CREATE INDEX permit_task_assignments_user_idx ON permit_task_assignments (user_id, permit_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE permit_task_assignments;`.execute(db);
}
