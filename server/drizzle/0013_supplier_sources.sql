CREATE TABLE "supplier_fetches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_fetches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"bytes" bigint,
	"rows_loaded" integer,
	"rows_refused" integer,
	"error" text,
	CONSTRAINT "supplier_fetches_outcome_check" CHECK ("supplier_fetches"."outcome" in ('imported', 'not_modified', 'failed')),
	CONSTRAINT "supplier_fetches_trigger_check" CHECK ("supplier_fetches"."trigger" in ('schedule', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "supplier_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"url" text NOT NULL,
	"auth_user" text,
	"auth_password" text,
	"every_hours" integer,
	"times" text[],
	"import_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stale_policy" text DEFAULT 'warn' NOT NULL,
	"max_age_days" integer,
	"etag" text,
	"last_modified" text,
	"content_hash" text,
	"last_checked_at" timestamp with time zone,
	"last_changed_at" timestamp with time zone,
	"last_successful_import_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fetching_until" timestamp with time zone,
	"stale_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_sources_supplier_id_unique" UNIQUE("supplier_id"),
	CONSTRAINT "supplier_sources_schedule_check" CHECK (("supplier_sources"."every_hours" is null) <> ("supplier_sources"."times" is null) and coalesce("supplier_sources"."every_hours", 1) between 1 and 720),
	CONSTRAINT "supplier_sources_stale_policy_check" CHECK ("supplier_sources"."stale_policy" in ('hide', 'warn')),
	CONSTRAINT "supplier_sources_max_age_days_check" CHECK ("supplier_sources"."max_age_days" between 1 and 365),
	CONSTRAINT "supplier_sources_url_check" CHECK ("supplier_sources"."url" ~ '^https?://')
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "supplier_fetches" ADD CONSTRAINT "supplier_fetches_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_sources" ADD CONSTRAINT "supplier_sources_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_fetches_supplier_idx" ON "supplier_fetches" USING btree ("supplier_id","started_at");--> statement-breakpoint
CREATE INDEX "supplier_sources_next_fetch_idx" ON "supplier_sources" USING btree ("next_fetch_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order', 'staff_source_failing', 'staff_list_stale'));