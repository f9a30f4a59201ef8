CREATE TABLE "folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"path" text NOT NULL,
	"parent_path" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "files_account_idx";--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_account_path_idx" ON "folders" USING btree ("account_id","path");--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("account_id","parent_path");--> statement-breakpoint
CREATE INDEX "files_folder_idx" ON "files" USING btree ("account_id","folder","filename");