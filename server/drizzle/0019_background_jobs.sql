CREATE TABLE "background_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "background_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"singleton_key" text,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"retry_limit" integer NOT NULL,
	"retry_delay_seconds" integer NOT NULL,
	"retry_backoff" boolean NOT NULL,
	"lease_seconds" integer NOT NULL,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_jobs_state_check" CHECK ("background_jobs"."state" in ('created', 'retry', 'active', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "background_jobs_open_idx" ON "background_jobs" USING btree ("name","start_after") WHERE "background_jobs"."state" in ('created', 'retry', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_singleton_idx" ON "background_jobs" USING btree ("name","singleton_key") WHERE "background_jobs"."state" in ('created', 'retry', 'active');