import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A request to cancel a permit and how it ended. The applicant asks (Pending) and the pole owner approves
    -- or rejects it; a direct cancellation by the pole owner is stored as an already approved request, so that
    -- every cancellation keeps the status to return to when it is undone.
    CREATE TABLE permit_cancel_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      -- Null only for a direct cancellation given without a reason.
      reason text CHECK (length(reason) > 0),
      requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected', 'Undone')),
      decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
      decided_at timestamptz,
      decision_reason text,
      -- Undoing keeps the decision: a withdrawn request has none, an undone cancellation keeps its approval.
      undone_by uuid REFERENCES users (id) ON DELETE SET NULL,
      undone_at timestamptz,
      -- Where the permit stood before the request; rejecting or undoing returns it there.
      previous_status text NOT NULL CHECK (previous_status IN ('Active', 'OnHold')),
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE,
      CHECK (status NOT IN ('Approved', 'Rejected') OR decided_at IS NOT NULL),
      CHECK ((status = 'Undone') = (undone_at IS NOT NULL))
    );
    CREATE INDEX permit_cancel_requests_permit_idx ON permit_cancel_requests (permit_id, requested_at DESC);
    -- A permit has at most one open request, and at most one approved one (the cancellation in force).
    CREATE UNIQUE INDEX permit_cancel_requests_open_key ON permit_cancel_requests (permit_id)
      WHERE status IN ('Pending', 'Approved');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE permit_cancel_requests;`.execute(db);
}
