CREATE TABLE "cancel_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cancel_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"order_item_id" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"decision_reason" text,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cancel_requests_state_check" CHECK ("cancel_requests"."state" in ('requested', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"return_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer,
	"brand_name" text,
	"brand_normalized" text,
	"no_return" boolean DEFAULT false NOT NULL,
	"window_days" integer,
	CONSTRAINT "return_policies_target_check" CHECK (("return_policies"."supplier_id" is null) <> ("return_policies"."brand_normalized" is null)),
	CONSTRAINT "return_policies_window_check" CHECK ("return_policies"."window_days" is null or "return_policies"."window_days" between 7 and 365)
);
--> statement-breakpoint
CREATE TABLE "return_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"return_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "return_refunds_amount_check" CHECK ("return_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"shipment_line_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"supplier_id" integer,
	"goods_receipt_line_id" bigint,
	"quantity" integer NOT NULL,
	"purchase_price" numeric(12, 2),
	"price" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"good_quantity" integer,
	"defective_quantity" integer,
	"received_by" integer,
	"received_at" timestamp with time zone,
	"credit_amount" numeric(12, 2),
	"correction_id" integer,
	"ledger_entry_id" bigint,
	"ledger_account_id" integer,
	"credited_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"supplier_return_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "returns_quantity_check" CHECK ("returns"."quantity" >= 1),
	CONSTRAINT "returns_state_check" CHECK ("returns"."state" in ('requested', 'approved', 'rejected', 'received', 'credited', 'closed')),
	CONSTRAINT "returns_reason_check" CHECK ("returns"."reason" in ('not_fit', 'defect', 'wrong_part', 'shortage', 'refused_at_pickup')),
	CONSTRAINT "returns_received_check" CHECK ("returns"."good_quantity" is null or ("returns"."good_quantity" >= 0 and "returns"."defective_quantity" >= 0 and "returns"."good_quantity" + "returns"."defective_quantity" between 1 and "returns"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "supplier_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"state" text DEFAULT 'to_send' NOT NULL,
	"refusal_reason" text,
	"credit_amount" numeric(12, 2),
	"credit_reference" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_returns_state_check" CHECK ("supplier_returns"."state" in ('to_send', 'sent', 'accepted', 'refused', 'credited')),
	CONSTRAINT "supplier_returns_credit_check" CHECK ("supplier_returns"."credit_amount" is null or "supplier_returns"."credit_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_policies" ADD CONSTRAINT "return_policies_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_shipment_line_id_shipment_lines_id_fk" FOREIGN KEY ("shipment_line_id") REFERENCES "public"."shipment_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_goods_receipt_line_id_goods_receipt_lines_id_fk" FOREIGN KEY ("goods_receipt_line_id") REFERENCES "public"."goods_receipt_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_received_by_staff_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_correction_id_shipment_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."shipment_corrections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_supplier_return_id_supplier_returns_id_fk" FOREIGN KEY ("supplier_return_id") REFERENCES "public"."supplier_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_requests_open_idx" ON "cancel_requests" USING btree ("order_item_id") WHERE "cancel_requests"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "cancel_requests_client_idx" ON "cancel_requests" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "cancel_requests_state_idx" ON "cancel_requests" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "return_photos_return_idx" ON "return_photos" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_photos_client_idx" ON "return_photos" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_policies_supplier_idx" ON "return_policies" USING btree ("supplier_id") WHERE "return_policies"."supplier_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "return_policies_brand_idx" ON "return_policies" USING btree ("brand_normalized") WHERE "return_policies"."brand_normalized" is not null;--> statement-breakpoint
CREATE INDEX "return_refunds_return_idx" ON "return_refunds" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "returns_client_idx" ON "returns" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "returns_state_idx" ON "returns" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "returns_shipment_line_idx" ON "returns" USING btree ("shipment_line_id");--> statement-breakpoint
CREATE INDEX "returns_supplier_idx" ON "returns" USING btree ("supplier_id","id") WHERE "returns"."supplier_return_id" is null;--> statement-breakpoint
CREATE INDEX "supplier_returns_supplier_idx" ON "supplier_returns" USING btree ("supplier_id","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order', 'bill_revised', 'staff_source_failing', 'staff_list_stale', 'staff_list_mass_removal', 'supplier_order', 'line_replaced', 'ledger_due_soon', 'ledger_overdue', 'return_step'));