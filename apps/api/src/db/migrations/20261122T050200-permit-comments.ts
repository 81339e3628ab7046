import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The conversation on a permit. seq orders comments for paging and for "read up to here" marks; it
    -- never repeats, where two comments may share a created_at.
    CREATE TABLE permit_comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      author_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      author_organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
      html text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE
    );
    CREATE INDEX permit_comments_permit_idx ON permit_comments (permit_id, seq);

    -- Who a comment mentions (only people who could see the permit when it was written); "my mentions"
    -- reads this by user.
    CREATE TABLE permit_comment_mentions (
      comment_id uuid NOT NULL REFERENCES permit_comments (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      permit_id uuid NOT NULL,
      PRIMARY KEY (comment_id, user_id)
    );
    CREATE INDEX permit_comment_mentions_user_idx ON permit_comment_mentions (user_id, permit_id);

    -- The files attached to a comment, in the order they were sent.
    CREATE TABLE permit_comment_files (
      comment_id uuid NOT NULL REFERENCES permit_comments (id) ON DELETE CASCADE,
      file_id uuid NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      PRIMARY KEY (comment_id, file_id)
    );

    -- Which comments each person has read; a comment without a row here is unread for them.
    CREATE TABLE permit_comment_reads (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      comment_id uuid NOT NULL REFERENCES permit_comments (id) ON DELETE CASCADE,
      permit_id uuid NOT NULL,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, comment_id)
    );
    CREATE INDEX permit_comment_reads_permit_idx ON permit_comment_reads (user_id, permit_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE permit_comment_reads;
    DROP TABLE permit_comment_files;
    DROP TABLE permit_comment_mentions;
    DROP TABLE permit_comments;
  `.execute(db);
}
