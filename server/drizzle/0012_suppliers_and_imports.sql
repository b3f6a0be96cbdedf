CREATE TABLE "supplier_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_loaded" integer,
	"rows_refused" integer DEFAULT 0 NOT NULL,
	"settings" jsonb,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"owner" text,
	"error" text,
	"report_path" text,
	"staff_id" integer,
	CONSTRAINT "supplier_imports_kind_check" CHECK (kind in ('price_list', 'cross_references')),
	CONSTRAINT "supplier_imports_source_check" CHECK (source in ('cli', 'upload', 'schedule')),
	CONSTRAINT "supplier_imports_status_check" CHECK (status in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "max_age_days" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "import_profile" jsonb;--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD CONSTRAINT "supplier_imports_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD CONSTRAINT "supplier_imports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_imports_supplier_idx" ON "supplier_imports" USING btree ("supplier_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_imports_kind_idx" ON "supplier_imports" USING btree ("kind","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supplier_imports_open_idx" ON "supplier_imports" USING btree ("status") WHERE "supplier_imports"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_max_age_days_check" CHECK ("suppliers"."max_age_days" > 0);