CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"recipient" text,
	"client_id" integer,
	"order_id" integer,
	"bill_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "notify_status_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("due_at") WHERE "notifications"."sent_at" is null and "notifications"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_order_pending_idx" ON "notifications" USING btree ("order_id","kind") WHERE "notifications"."sent_at" is null and "notifications"."failed_at" is null;