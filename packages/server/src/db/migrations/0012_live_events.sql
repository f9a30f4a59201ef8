CREATE TABLE "live_events" (
	"account_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"event" jsonb NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_account_id_seq_pk" PRIMARY KEY("account_id","seq")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "live_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");