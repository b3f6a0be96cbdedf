CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bill_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"statement_key" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_source_check" CHECK ("payments"."source" in ('manual', 'statement', 'cli'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_bill_id_idx" ON "payments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_key_idx" ON "payments" USING btree ("statement_key");--> statement-breakpoint
-- Bills marked paid before payments were recorded (the CLI's bill-paid) get the payment that covers them, so the
-- derived flag and the payments agree from the first day.
INSERT INTO "payments" ("bill_id", "amount", "paid_on", "reference", "source", "created_at")
SELECT "id", "price_sum", (coalesce("paid_at", now()) AT TIME ZONE 'Europe/Moscow')::date,
  'Отмечен оплаченным до учёта платежей', 'cli', coalesce("paid_at", now())
FROM "bills" WHERE "paid" AND "price_sum" > 0;
