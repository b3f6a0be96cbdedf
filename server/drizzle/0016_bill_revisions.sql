CREATE TABLE "bill_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bill_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"price_sum" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "bill_revisions_revision_check" CHECK ("bill_revisions"."revision" >= 0),
	CONSTRAINT "bill_revisions_reason_check" CHECK ("bill_revisions"."reason" in ('issued', 'line_canceled', 'frozen'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "bill_revisions" ADD CONSTRAINT "bill_revisions_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_revisions_bill_revision_idx" ON "bill_revisions" USING btree ("bill_id","revision");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order_placed', 'lines_status_changed', 'payment_recorded', 'staff_new_order', 'bill_revised', 'staff_source_failing', 'staff_list_stale'));--> statement-breakpoint
-- An issued revision is a document: it never changes (a correction is the next revision). Deleting goes with its
-- bill only (nothing in the shop deletes bills; the checkout bench removes its own).
CREATE FUNCTION "bill_revisions_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bill_revisions is append-only: an issued bill revision never changes';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bill_revisions_no_update" BEFORE UPDATE ON "bill_revisions"
  FOR EACH ROW EXECUTE FUNCTION "bill_revisions_refuse_update"();
