CREATE TABLE "partner_accounts" (
	"partner_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"connected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_accounts_partner_id_account_id_pk" PRIMARY KEY("partner_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "partner_members" (
	"partner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_members_partner_id_user_id_pk" PRIMARY KEY("partner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"code" text NOT NULL,
	"brand_id" integer,
	"covers_credits" boolean DEFAULT false NOT NULL,
	"covers_fees" boolean DEFAULT false NOT NULL,
	"excludes_fees" boolean DEFAULT false NOT NULL,
	"stripe_domain" text,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"oidc_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_slug_unique" UNIQUE("slug"),
	CONSTRAINT "partners_code_unique" UNIQUE("code"),
	CONSTRAINT "partners_brand_id_unique" UNIQUE("brand_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "signatory_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "filecabinet_access" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_accounts_account_idx" ON "partner_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "partner_members_user_idx" ON "partner_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_signatory_id_users_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_impersonator_idx" ON "audit_log" USING btree ("impersonator_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
UPDATE "memberships" m SET "filecabinet_access" = u."filecabinet_access" FROM "users" u WHERE u."id" = m."user_id";--> statement-breakpoint
UPDATE "accounts" a SET "owner_id" = coalesce(
  (SELECT m."user_id" FROM "memberships" m WHERE m."account_id" = a."id" AND m."user_id" = a."created_by" AND m."is_admin"),
  (SELECT m."user_id" FROM "memberships" m WHERE m."account_id" = a."id" AND m."is_admin" ORDER BY m."created_at", m."user_id" LIMIT 1));--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "filecabinet_access";