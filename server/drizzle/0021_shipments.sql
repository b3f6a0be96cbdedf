CREATE TABLE "shipment_corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"reason" text NOT NULL,
	"total_before" numeric(12, 2) NOT NULL,
	"total_after" numeric(12, 2) NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"order_item_id" bigint NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "shipment_lines_quantity_check" CHECK ("shipment_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"payer_id" integer,
	"posted_at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"total" numeric(12, 2) NOT NULL,
	"vat" numeric(12, 2),
	"xml_file_id" text NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_corrections" ADD CONSTRAINT "shipment_corrections_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_corrections" ADD CONSTRAINT "shipment_corrections_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_corrections_shipment_idx" ON "shipment_corrections" USING btree ("shipment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_order_item_idx" ON "shipment_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_idx" ON "shipment_lines" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_idx" ON "shipment_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_client_posted_idx" ON "shipments" USING btree ("client_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_posted_idx" ON "shipments" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: a posted shipment, its lines and a correction document never change (decision 0053).
CREATE FUNCTION "shipment_documents_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: a posted shipment document never changes', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "shipments_no_update" BEFORE UPDATE ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "shipment_documents_refuse_update"();--> statement-breakpoint
CREATE TRIGGER "shipment_lines_no_update" BEFORE UPDATE ON "shipment_lines"
  FOR EACH ROW EXECUTE FUNCTION "shipment_documents_refuse_update"();--> statement-breakpoint
CREATE TRIGGER "shipment_corrections_no_update" BEFORE UPDATE ON "shipment_corrections"
  FOR EACH ROW EXECUTE FUNCTION "shipment_documents_refuse_update"();
