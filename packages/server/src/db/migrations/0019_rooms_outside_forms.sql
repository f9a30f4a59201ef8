CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outside_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"room_id" integer,
	"parent_id" integer,
	"type" text DEFAULT 'outside_form' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"assigned_email" text,
	"send_email" boolean DEFAULT false NOT NULL,
	"finalize" boolean DEFAULT false NOT NULL,
	"question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"code_generation" integer DEFAULT 1 NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "outside_forms_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "room_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "room_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_id" integer NOT NULL,
	"document_id" integer,
	"file_id" integer,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_file_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"visitor_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"room_id" integer NOT NULL,
	"visitor_id" integer,
	"action" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"sublabel" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"page" integer,
	"seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_id" integer NOT NULL,
	"label" text NOT NULL,
	"link" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_id" integer NOT NULL,
	"report_key" text NOT NULL,
	"user_only" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_table_rows" (
	"room_table_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "room_table_rows_room_table_id_resource_id_pk" PRIMARY KEY("room_table_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "room_tables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_id" integer NOT NULL,
	"resource_type_id" integer NOT NULL,
	"label" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_visitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room_id" integer NOT NULL,
	"user_id" integer,
	"email" text,
	"name" text DEFAULT '' NOT NULL,
	"key" text,
	"invite_rights" boolean DEFAULT false NOT NULL,
	"times_visited" integer DEFAULT 0 NOT NULL,
	"doc_interactions" integer DEFAULT 0 NOT NULL,
	"last_visited_at" timestamp with time zone,
	"previous_visit_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"nda_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"project_id" integer,
	"transaction_id" integer,
	"label" text NOT NULL,
	"type" text,
	"status" text DEFAULT '' NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"require_auth" boolean DEFAULT false NOT NULL,
	"strict" boolean DEFAULT false NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"watermark" boolean DEFAULT false NOT NULL,
	"nda_file_id" integer,
	"code_generation" integer DEFAULT 1 NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "shared_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shared_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"report_key" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{"resource_id":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outside_forms" ADD CONSTRAINT "outside_forms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_forms" ADD CONSTRAINT "outside_forms_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_forms" ADD CONSTRAINT "outside_forms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_forms" ADD CONSTRAINT "outside_forms_parent_id_outside_forms_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."outside_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_forms" ADD CONSTRAINT "outside_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_codes" ADD CONSTRAINT "room_codes_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_codes" ADD CONSTRAINT "room_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_codes" ADD CONSTRAINT "room_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD CONSTRAINT "room_file_tokens_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD CONSTRAINT "room_file_tokens_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_file_tokens" ADD CONSTRAINT "room_file_tokens_visitor_id_room_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."room_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_history" ADD CONSTRAINT "room_history_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_history" ADD CONSTRAINT "room_history_visitor_id_room_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."room_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_history" ADD CONSTRAINT "room_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_links" ADD CONSTRAINT "room_links_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reports" ADD CONSTRAINT "room_reports_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_visitor_id_room_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."room_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_table_rows" ADD CONSTRAINT "room_table_rows_room_table_id_room_tables_id_fk" FOREIGN KEY ("room_table_id") REFERENCES "public"."room_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_table_rows" ADD CONSTRAINT "room_table_rows_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_tables" ADD CONSTRAINT "room_tables_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_visitors" ADD CONSTRAINT "room_visitors_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_visitors" ADD CONSTRAINT "room_visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_visitors" ADD CONSTRAINT "room_visitors_nda_document_id_documents_id_fk" FOREIGN KEY ("nda_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_nda_file_id_files_id_fk" FOREIGN KEY ("nda_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_reports" ADD CONSTRAINT "shared_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_forms_transaction_idx" ON "outside_forms" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "outside_forms_room_idx" ON "outside_forms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "outside_forms_parent_idx" ON "outside_forms" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "room_codes_room_idx" ON "room_codes" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "room_documents_room_idx" ON "room_documents" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "room_documents_document_idx" ON "room_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "room_documents_file_idx" ON "room_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "room_file_tokens_expiry_idx" ON "room_file_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "room_history_room_idx" ON "room_history" USING btree ("room_id","created_at","id");--> statement-breakpoint
CREATE INDEX "room_history_visitor_idx" ON "room_history" USING btree ("visitor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "room_links_room_idx" ON "room_links" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "room_reports_room_idx" ON "room_reports" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "room_sessions_visitor_idx" ON "room_sessions" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "room_tables_room_idx" ON "room_tables" USING btree ("room_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "room_visitors_user_idx" ON "room_visitors" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_visitors_key_idx" ON "room_visitors" USING btree ("room_id","key");--> statement-breakpoint
CREATE INDEX "room_visitors_last_idx" ON "room_visitors" USING btree ("room_id","last_visited_at");--> statement-breakpoint
CREATE INDEX "rooms_account_idx" ON "rooms" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "rooms_project_idx" ON "rooms" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "rooms_transaction_idx" ON "rooms" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_reports_account_key_idx" ON "shared_reports" USING btree ("account_id","report_key");