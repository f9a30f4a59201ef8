-- Rate limits and attempt counters shared by every instance on one PostgreSQL (http/counters.ts): one row
-- per limiter and key, counted in a fixed window that ends at reset_at. Expired rows are deleted as hits come.
CREATE TABLE "rate_limit_counters" (
	"name" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_name_key_pk" PRIMARY KEY("name","key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");
