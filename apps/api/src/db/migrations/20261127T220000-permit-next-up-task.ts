import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The task to work next on a permit (the first open task of its active stage, by position), kept on the
    -- permit by the database whenever the permit's active stage or any of its tasks changes. The tracker's
    -- Next Up Task and Next Up Assignees columns read it by key: sorting or summing a whole program by them
    -- no longer sorts every open task to find each permit's first, and a filter on the next up task's
    -- people starts from that person's assignments.
    ALTER TABLE permits ADD COLUMN next_up_task_key uuid;

    CREATE FUNCTION permit_next_up_task(permit uuid, stage uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
      SELECT t.task_key FROM permit_tasks t
      WHERE t.permit_id = permit AND t.stage_key = stage AND t.status IN ('ReadyToBegin', 'InProgress')
      ORDER BY t.position, t.task_key LIMIT 1
    $$;

    -- The permits as they stand, in one pass over their open tasks.
    UPDATE permits p SET next_up_task_key = n.task_key
      FROM (SELECT DISTINCT ON (t.permit_id) t.permit_id, t.task_key
        FROM permit_tasks t JOIN permits q ON q.id = t.permit_id AND q.active_stage_key = t.stage_key
        WHERE t.status IN ('ReadyToBegin', 'InProgress')
        ORDER BY t.permit_id, t.position, t.task_key) n
      WHERE p.id = n.permit_id;

    -- Found from what is stored, never taken from the writer: a permit written with any value gets the right one.
    CREATE FUNCTION permits_next_up_task() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.next_up_task_key := permit_next_up_task(NEW.id, NEW.active_stage_key);
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER permits_next_up_task
      BEFORE INSERT OR UPDATE OF active_stage_key, next_up_task_key ON permits
      FOR EACH ROW EXECUTE FUNCTION permits_next_up_task();

    -- Once a statement, for the permits whose tasks it wrote: a permit's tasks are written many at a time
    -- (a new permit's, a migration's), and each permit is looked at once. Only a changed key is written.
    CREATE FUNCTION permit_tasks_next_up() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE permits p SET next_up_task_key = permit_next_up_task(p.id, p.active_stage_key)
          WHERE p.id IN (SELECT permit_id FROM new_rows)
            AND p.next_up_task_key IS DISTINCT FROM permit_next_up_task(p.id, p.active_stage_key);
      ELSIF TG_OP = 'UPDATE' THEN
        UPDATE permits p SET next_up_task_key = permit_next_up_task(p.id, p.active_stage_key)
          WHERE p.id IN (SELECT permit_id FROM new_rows UNION SELECT permit_id FROM old_rows)
            AND p.next_up_task_key IS DISTINCT FROM permit_next_up_task(p.id, p.active_stage_key);
      ELSE
        UPDATE permits p SET next_up_task_key = permit_next_up_task(p.id, p.active_stage_key)
          WHERE p.id IN (SELECT permit_id FROM old_rows)
            AND p.next_up_task_key IS DISTINCT FROM permit_next_up_task(p.id, p.active_stage_key);
      END IF;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER permit_tasks_next_up_insert AFTER INSERT ON permit_tasks
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION permit_tasks_next_up();
    CREATE TRIGGER permit_tasks_next_up_update AFTER UPDATE ON permit_tasks
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION permit_tasks_next_up();
    CREATE TRIGGER permit_tasks_next_up_delete AFTER DELETE ON permit_tasks
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION permit_tasks_next_up();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER permit_tasks_next_up_insert ON permit_tasks;
    DROP TRIGGER permit_tasks_next_up_update ON permit_tasks;
    DROP TRIGGER permit_tasks_next_up_delete ON permit_tasks;
    DROP FUNCTION permit_tasks_next_up();
    DROP TRIGGER permits_next_up_task ON permits;
    DROP FUNCTION permits_next_up_task();
    DROP FUNCTION permit_next_up_task(uuid, uuid);
    ALTER TABLE permits DROP COLUMN next_up_task_key;
  `.execute(db);
}
