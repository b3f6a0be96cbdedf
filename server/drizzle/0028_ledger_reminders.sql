CREATE TABLE "ledger_reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"sent_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_reminders_kind_check" CHECK ("ledger_reminders"."kind" in ('before_due', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_reminders" ADD CONSTRAINT "ledger_reminders_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reminders_once_idx" ON "ledger_reminders" USING btree ("entry_id","kind","round");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order', 'bill_revised', 'staff_source_failing', 'staff_list_stale', 'staff_list_mass_removal', 'supplier_order', 'line_replaced', 'ledger_due_soon', 'ledger_overdue'));