-- Personal room links are named in their URL by a random public id (the row id is sequential, so anyone
-- could name everyone's link). Links mailed before this keep working by their row id (legacy_link).
ALTER TABLE "room_codes" ADD COLUMN "public_id" text;
--> statement-breakpoint
UPDATE "room_codes" SET "public_id" = replace(gen_random_uuid()::text, '-', '');
--> statement-breakpoint
ALTER TABLE "room_codes" ALTER COLUMN "public_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "room_codes" ADD CONSTRAINT "room_codes_public_id_unique" UNIQUE("public_id");
--> statement-breakpoint
ALTER TABLE "room_codes" ADD COLUMN "legacy_link" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "room_codes" SET "legacy_link" = true;
--> statement-breakpoint
-- Wrong secrets are counted per link and per client (room_code_attempts): one invitee's guesses no
-- longer lock the link of another.
ALTER TABLE "room_codes" DROP COLUMN "attempts";
--> statement-breakpoint
CREATE TABLE "room_code_attempts" (
	"code_id" integer NOT NULL,
	"client" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_code_attempts_code_id_client_pk" PRIMARY KEY("code_id","client")
);
--> statement-breakpoint
ALTER TABLE "room_code_attempts" ADD CONSTRAINT "room_code_attempts_code_id_room_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."room_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A session started by a personal link ends when the link is revoked.
ALTER TABLE "room_sessions" ADD COLUMN "code_id" integer;
--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_code_id_room_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."room_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "room_sessions_code_idx" ON "room_sessions" USING btree ("code_id");
--> statement-breakpoint
-- A file token remembers how its viewer came (the room session it was issued under, the admin's user),
-- so it is checked against what holds now when it is used. Tokens live 5 minutes: those issued before
-- carry none of this and are dropped.
DELETE FROM "room_file_tokens";
--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD COLUMN "via" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD COLUMN "session_hash" text;
--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD COLUMN "user_id" integer;
--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD CONSTRAINT "room_file_tokens_session_hash_room_sessions_token_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."room_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD CONSTRAINT "room_file_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "room_file_tokens_session_idx" ON "room_file_tokens" USING btree ("session_hash");
--> statement-breakpoint
-- Room history is an audit trail: an admin hides an entry, nobody erases one.
ALTER TABLE "room_history" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "room_history" ADD COLUMN "hidden_by" integer;
--> statement-breakpoint
ALTER TABLE "room_history" ADD CONSTRAINT "room_history_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A DELETE of history rows is refused unless it comes from a cascade (the room or its visitor deleted:
-- foreign keys act from trigger depth 1), so no code path can erase what visitors did.
CREATE FUNCTION room_history_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'room history entries are kept: hide them instead' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_history_keep BEFORE DELETE ON "room_history" FOR EACH ROW EXECUTE FUNCTION room_history_keep();
--> statement-breakpoint
-- A file's page count, read from its preview PDF the first time a room shows it: room analytics
-- measure completion against it.
ALTER TABLE "files" ADD COLUMN "page_count" integer;
