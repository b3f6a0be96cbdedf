CREATE TABLE "goods_receipt_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_receipt_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"receipt_id" integer NOT NULL,
	"supplier_order_line_id" bigint,
	"article" text NOT NULL,
	"article_normalized" text NOT NULL,
	"brand_name" text NOT NULL,
	"brand_normalized" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"country" text,
	"customs_declaration" text,
	"over_delivery" boolean DEFAULT false NOT NULL,
	"order_item_id" bigint,
	CONSTRAINT "goods_receipt_lines_quantity_check" CHECK ("goods_receipt_lines"."quantity" >= 1),
	CONSTRAINT "goods_receipt_lines_price_check" CHECK ("goods_receipt_lines"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"document_number" text NOT NULL,
	"document_date" date NOT NULL,
	"comment" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer
);
--> statement-breakpoint
CREATE TABLE "supplier_order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_order_id" integer NOT NULL,
	"order_item_id" bigint NOT NULL,
	"offer_id" bigint,
	"article" text NOT NULL,
	"article_normalized" text NOT NULL,
	"brand_name" text NOT NULL,
	"brand_normalized" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"confirmed_quantity" integer DEFAULT 0 NOT NULL,
	"refused_quantity" integer DEFAULT 0 NOT NULL,
	"refused_reason" text,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"purchase_price" numeric(12, 2),
	"confirmed_price" numeric(12, 2),
	"supplier_line_ref" text,
	"released_at" timestamp with time zone,
	CONSTRAINT "supplier_order_lines_quantity_check" CHECK ("supplier_order_lines"."quantity" >= 1),
	CONSTRAINT "supplier_order_lines_quantities_check" CHECK ("supplier_order_lines"."confirmed_quantity" >= 0 and "supplier_order_lines"."refused_quantity" >= 0 and "supplier_order_lines"."received_quantity" >= 0 and "supplier_order_lines"."confirmed_quantity" + "supplier_order_lines"."refused_quantity" <= "supplier_order_lines"."quantity"),
	CONSTRAINT "supplier_order_lines_purchase_price_check" CHECK ("supplier_order_lines"."purchase_price" >= 0),
	CONSTRAINT "supplier_order_lines_confirmed_price_check" CHECK ("supplier_order_lines"."confirmed_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"channel" text DEFAULT 'manual' NOT NULL,
	"supplier_number" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"send_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"comment" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "supplier_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "supplier_orders_channel_check" CHECK ("supplier_orders"."channel" in ('manual', 'file', 'email', 'api')),
	CONSTRAINT "supplier_orders_state_check" CHECK ("supplier_orders"."state" in ('draft', 'sent', 'confirmed', 'partly_confirmed', 'received', 'partly_received', 'closed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "supplier_refusals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_order_line_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_refusals_quantity_check" CHECK ("supplier_refusals"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "bill_revisions" DROP CONSTRAINT "bill_revisions_reason_check";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_status_check";--> statement-breakpoint
ALTER TABLE "order_line_status_history" DROP CONSTRAINT "order_line_status_history_from_check";--> statement-breakpoint
ALTER TABLE "order_line_status_history" DROP CONSTRAINT "order_line_status_history_to_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "split_from_id" bigint;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_receipt_id_goods_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."goods_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_supplier_order_line_id_supplier_order_lines_id_fk" FOREIGN KEY ("supplier_order_line_id") REFERENCES "public"."supplier_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_posted_by_staff_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD CONSTRAINT "supplier_order_lines_supplier_order_id_supplier_orders_id_fk" FOREIGN KEY ("supplier_order_id") REFERENCES "public"."supplier_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_lines" ADD CONSTRAINT "supplier_order_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_refusals" ADD CONSTRAINT "supplier_refusals_supplier_order_line_id_supplier_order_lines_id_fk" FOREIGN KEY ("supplier_order_line_id") REFERENCES "public"."supplier_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_refusals" ADD CONSTRAINT "supplier_refusals_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_refusals" ADD CONSTRAINT "supplier_refusals_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_receipt_idx" ON "goods_receipt_lines" USING btree ("receipt_id","id");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_sol_idx" ON "goods_receipt_lines" USING btree ("supplier_order_line_id");--> statement-breakpoint
CREATE INDEX "goods_receipts_supplier_idx" ON "goods_receipts" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_receipts_created_idx" ON "goods_receipts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "supplier_order_lines_order_idx" ON "supplier_order_lines" USING btree ("supplier_order_id","id");--> statement-breakpoint
CREATE INDEX "supplier_order_lines_item_idx" ON "supplier_order_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_order_lines_holding_idx" ON "supplier_order_lines" USING btree ("order_item_id") WHERE "supplier_order_lines"."released_at" is null;--> statement-breakpoint
CREATE INDEX "supplier_order_lines_match_idx" ON "supplier_order_lines" USING btree ("article_normalized","brand_normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_orders_send_key_idx" ON "supplier_orders" USING btree ("send_key");--> statement-breakpoint
CREATE INDEX "supplier_orders_supplier_idx" ON "supplier_orders" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_orders_state_idx" ON "supplier_orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "supplier_refusals_item_idx" ON "supplier_refusals" USING btree ("order_item_id","id");--> statement-breakpoint
CREATE INDEX "supplier_refusals_line_idx" ON "supplier_refusals" USING btree ("supplier_order_line_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_split_from_id_order_items_id_fk" FOREIGN KEY ("split_from_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_waiting_idx" ON "order_items" USING btree ("supplier_id","order_id","id") WHERE "order_items"."status" in ('new', 'in_work', 'supplier_refused');--> statement-breakpoint
ALTER TABLE "bill_revisions" ADD CONSTRAINT "bill_revisions_reason_check" CHECK ("bill_revisions"."reason" in ('issued', 'line_canceled', 'line_repriced', 'frozen'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_status_check" CHECK ("order_items"."status" in ('new', 'in_work', 'ordered', 'in_transit', 'supplier_refused', 'ready', 'issued', 'canceled'));--> statement-breakpoint
ALTER TABLE "order_line_status_history" ADD CONSTRAINT "order_line_status_history_from_check" CHECK ("order_line_status_history"."from_status" in ('new', 'in_work', 'ordered', 'in_transit', 'supplier_refused', 'ready', 'issued', 'canceled'));--> statement-breakpoint
ALTER TABLE "order_line_status_history" ADD CONSTRAINT "order_line_status_history_to_check" CHECK ("order_line_status_history"."to_status" in ('new', 'in_work', 'ordered', 'in_transit', 'supplier_refused', 'ready', 'issued', 'canceled'));