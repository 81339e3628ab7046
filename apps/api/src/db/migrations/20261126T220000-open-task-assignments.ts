import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Whether an assignment's task is still to be done (it exists and is not Completed), kept on the
    -- assignment by the database whenever the task or the assignment changes: a person's open work is then
    -- read from the index of open assignments, however many completed ones their history holds. Every write
    -- of a permit's tasks or assignments holds the permit's row lock, so the two triggers never race; My Work
    -- still checks the task's status itself.
    ALTER TABLE permit_task_assignments ADD COLUMN task_open boolean NOT NULL DEFAULT false;

    CREATE FUNCTION permit_task_assignments_task_open() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.task_open := EXISTS (SELECT 1 FROM permit_tasks t
        WHERE t.permit_id = NEW.permit_id AND t.task_key = NEW.task_key AND t.status <> 'Completed');
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER permit_task_assignments_task_open
      BEFORE INSERT OR UPDATE OF permit_id, task_key, task_open ON permit_task_assignments
      FOR EACH ROW EXECUTE FUNCTION permit_task_assignments_task_open();

    CREATE FUNCTION permit_tasks_assignments_open() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE permit_task_assignments SET task_open = false
          WHERE permit_id = OLD.permit_id AND task_key = OLD.task_key AND task_open;
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        IF (OLD.permit_id, OLD.task_key) IS DISTINCT FROM (NEW.permit_id, NEW.task_key) THEN
          UPDATE permit_task_assignments SET task_open = false
            WHERE permit_id = OLD.permit_id AND task_key = OLD.task_key AND task_open;
        END IF;
      END IF;
      UPDATE permit_task_assignments SET task_open = (NEW.status <> 'Completed')
        WHERE permit_id = NEW.permit_id AND task_key = NEW.task_key
          AND task_open IS DISTINCT FROM (NEW.status <> 'Completed');
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER permit_tasks_assignments_open
      AFTER INSERT OR DELETE OR UPDATE OF permit_id, task_key, status ON permit_tasks
      FOR EACH ROW EXECUTE FUNCTION permit_tasks_assignments_open();

    UPDATE permit_task_assignments a SET task_open = true
      FROM permit_tasks t
      WHERE t.permit_id = a.permit_id AND t.task_key = a.task_key AND t.status <> 'Completed';

    -- My Work starts from the caller's open assignments.
    CREATE INDEX permit_task_assignments_open_idx ON permit_task_assignments (user_id)
      INCLUDE (permit_id, task_key, assigned_at) WHERE task_open;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER permit_tasks_assignments_open ON permit_tasks;
    DROP FUNCTION permit_tasks_assignments_open();
    DROP TRIGGER permit_task_assignments_task_open ON permit_task_assignments;
    DROP FUNCTION permit_task_assignments_task_open();
    DROP INDEX permit_task_assignments_open_idx;
    ALTER TABLE permit_task_assignments DROP COLUMN task_open;
  `.execute(db);
}
