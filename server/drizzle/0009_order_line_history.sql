CREATE TABLE "order_line_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_line_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_item_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"staff_id" integer,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_line_status_history_from_check" CHECK ("order_line_status_history"."from_status" in ('new', 'in_work', 'ordered', 'in_transit', 'ready', 'issued', 'canceled')),
	CONSTRAINT "order_line_status_history_to_check" CHECK ("order_line_status_history"."to_status" in ('new', 'in_work', 'ordered', 'in_transit', 'ready', 'issued', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "billed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line_status_history" ADD CONSTRAINT "order_line_status_history_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_status_history" ADD CONSTRAINT "order_line_status_history_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_status_history_item_idx" ON "order_line_status_history" USING btree ("order_item_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_items_status_idx" ON "order_items" USING btree ("status");