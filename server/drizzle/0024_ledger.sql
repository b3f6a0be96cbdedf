CREATE TABLE "credit_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"client_id" integer,
	"credit_limit" numeric(12, 2),
	"deferral_days" integer,
	"prepay_required" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_terms_owner_check" CHECK (("credit_terms"."group_id" is null) <> ("credit_terms"."client_id" is null)),
	CONSTRAINT "credit_terms_limit_check" CHECK ("credit_terms"."credit_limit" is null or "credit_terms"."credit_limit" >= 0),
	CONSTRAINT "credit_terms_deferral_check" CHECK ("credit_terms"."deferral_days" is null or "credit_terms"."deferral_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"payer_id" integer,
	"balance" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"open_debits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"oldest_open_due" date,
	"stop_kind" text,
	"stop_reason" text,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_stop_kind_check" CHECK ("ledger_accounts"."stop_kind" is null or "ledger_accounts"."stop_kind" in ('manual', 'auto'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"occurred_on" date NOT NULL,
	"due_on" date,
	"bill_id" integer,
	"shipment_id" integer,
	"payment_id" integer,
	"statement_key" text,
	"reverses_id" bigint,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_entries_side_check" CHECK ("ledger_entries"."side" in ('debit', 'credit')),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('shipment', 'payment', 'refund', 'return', 'adjustment', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "ledger_unmatched_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_unmatched_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statement_key" text NOT NULL,
	"inn" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_credit_holds" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"released_staff_id" integer,
	CONSTRAINT "order_credit_holds_reason_check" CHECK ("order_credit_holds"."reason" in ('prepay', 'limit', 'stop'))
);
--> statement-breakpoint
ALTER TABLE "credit_terms" ADD CONSTRAINT "credit_terms_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_terms" ADD CONSTRAINT "credit_terms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_unmatched_lines" ADD CONSTRAINT "ledger_unmatched_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_credit_holds" ADD CONSTRAINT "order_credit_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_credit_holds" ADD CONSTRAINT "order_credit_holds_released_staff_id_staff_id_fk" FOREIGN KEY ("released_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_terms_group_idx" ON "credit_terms" USING btree ("group_id") WHERE "credit_terms"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_terms_client_idx" ON "credit_terms" USING btree ("client_id") WHERE "credit_terms"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_payer_idx" ON "ledger_accounts" USING btree ("payer_id") WHERE "ledger_accounts"."payer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_client_own_idx" ON "ledger_accounts" USING btree ("client_id") WHERE "ledger_accounts"."payer_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_accounts_client_idx" ON "ledger_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_overdue_idx" ON "ledger_accounts" USING btree ("oldest_open_due");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_occurred_idx" ON "ledger_entries" USING btree ("account_id","occurred_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_statement_idx" ON "ledger_entries" USING btree ("statement_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_shipment_idx" ON "ledger_entries" USING btree ("shipment_id") WHERE "ledger_entries"."kind" = 'shipment';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses_idx" ON "ledger_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_unmatched_lines_key_idx" ON "ledger_unmatched_lines" USING btree ("statement_key");--> statement-breakpoint
CREATE INDEX "order_credit_holds_open_idx" ON "order_credit_holds" USING btree ("created_at") WHERE "order_credit_holds"."released_at" is null;--> statement-breakpoint
-- hand-written: a ledger entry is never updated nor deleted (decision 0054); a mistake is a reversing entry.
CREATE FUNCTION "ledger_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: a mistake is a reversing entry';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_refuse_change"();
