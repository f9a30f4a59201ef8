CREATE TABLE "project_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"area" text NOT NULL,
	"module_id" integer NOT NULL,
	"is_repeatable" boolean NOT NULL,
	"is_assessment" boolean NOT NULL,
	"description" text NOT NULL,
	"definition" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
