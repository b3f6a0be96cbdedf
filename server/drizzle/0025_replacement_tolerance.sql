ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_max_price_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_max_extra_days" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order', 'bill_revised', 'staff_source_failing', 'staff_list_stale', 'staff_list_mass_removal', 'supplier_order', 'line_replaced'));