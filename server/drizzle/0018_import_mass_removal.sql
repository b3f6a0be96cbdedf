ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "supplier_imports" DROP CONSTRAINT "supplier_imports_status_check";--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD COLUMN "removal" jsonb;--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD COLUMN "removal_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order', 'bill_revised', 'staff_source_failing', 'staff_list_stale', 'staff_list_mass_removal'));--> statement-breakpoint
ALTER TABLE "supplier_imports" ADD CONSTRAINT "supplier_imports_status_check" CHECK (status in ('queued', 'running', 'done', 'failed', 'cancelled', 'awaiting_confirmation'));