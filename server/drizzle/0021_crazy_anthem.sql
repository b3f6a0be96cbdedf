CREATE TABLE "supplier_order_dispatches" (
	"supplier_order_id" integer PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"channel" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"supplier_order_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "supplier_order_dispatches_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "supplier_order_dispatches_channel_check" CHECK ("supplier_order_dispatches"."channel" in ('email', 'api')),
	CONSTRAINT "supplier_order_dispatches_state_check" CHECK ("supplier_order_dispatches"."state" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "supplier_purchase_settings" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"channel" text DEFAULT 'manual' NOT NULL,
	"order_email" text,
	"order_template" jsonb NOT NULL,
	"confirmation_template" jsonb NOT NULL,
	"api_kind" text,
	"api_base_url" text,
	"api_login" text,
	"api_password_sealed" text,
	"api_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"polling_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_purchase_settings_channel_check" CHECK (channel in ('manual', 'file', 'email', 'api'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "supplier_order_dispatches" ADD CONSTRAINT "supplier_order_dispatches_supplier_order_id_supplier_orders_id_fk" FOREIGN KEY ("supplier_order_id") REFERENCES "public"."supplier_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_dispatches" ADD CONSTRAINT "supplier_order_dispatches_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_purchase_settings" ADD CONSTRAINT "supplier_purchase_settings_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_order_dispatches_pending_idx" ON "supplier_order_dispatches" USING btree ("supplier_id") WHERE "supplier_order_dispatches"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "supplier_purchase_settings_poll_idx" ON "supplier_purchase_settings" USING btree ("next_poll_at") WHERE "supplier_purchase_settings"."next_poll_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_supplier_order_idx" ON "notifications" USING btree ((("payload" ->> 'supplier_order_id'))) WHERE "notifications"."kind" = 'supplier_order';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order', 'bill_revised', 'staff_source_failing', 'staff_list_stale', 'staff_list_mass_removal', 'supplier_order'));