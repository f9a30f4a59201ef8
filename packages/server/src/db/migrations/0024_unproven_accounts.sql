-- A membership the review of a taken-over account holds back (modules/auth/takeover): no access until the
-- address's owner keeps it (accounts/memberships.ts activeMembership).
ALTER TABLE "memberships" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
-- When the member first opened the workspace themselves; until then the list shows only what the
-- inviter typed (invited_first_name, invited_family_name) and the address.
ALTER TABLE "memberships" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_first_name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_family_name" text;--> statement-breakpoint
-- Members who could already open their workspace count as having accepted: no list loses a name.
UPDATE "memberships" m SET "accepted_at" = m."created_at"
 WHERE m."invited_by" IS NULL
    OR EXISTS (SELECT 1 FROM "users" u WHERE u."id" = m."user_id" AND u."email_verified_at" IS NOT NULL);
--> statement-breakpoint
-- A code mailed to an address nobody holds names no user: the user is made when the code proves it.
ALTER TABLE "one_time_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- Per-recipient mail budgets count the codes mailed to one address in the last hour.
CREATE INDEX "one_time_codes_email_idx" ON "one_time_codes" USING btree (lower("email"),"purpose","created_at");--> statement-breakpoint
CREATE TABLE "takeover_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "takeover_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"target_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "takeover_items" ADD CONSTRAINT "takeover_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeover_items" ADD CONSTRAINT "takeover_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takeover_items_user_idx" ON "takeover_items" USING btree ("user_id");
