CREATE TABLE "document_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"recipient_id" integer,
	"kind" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"value" text
);
--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "party" text;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "signing_order" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "signed_ip" text;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "signed_user_agent" text;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "signature_key" text;--> statement-breakpoint
ALTER TABLE "document_recipients" ADD COLUMN "initials_key" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "original_file_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "signing_state" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sequential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reminder_days" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sent_by" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "seal_error" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sealed_sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_fields" ADD CONSTRAINT "document_fields_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_fields" ADD CONSTRAINT "document_fields_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_fields" ADD CONSTRAINT "document_fields_recipient_id_document_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."document_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_fields_document_idx" ON "document_fields" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_original_file_id_files_id_fk" FOREIGN KEY ("original_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_recipients_link_idx" ON "document_recipients" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "documents_sealed_sha256_idx" ON "documents" USING btree ("sealed_sha256");