CREATE TABLE "payers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"ogrn" text NOT NULL,
	"legal_address" text NOT NULL,
	"bank_name" text NOT NULL,
	"bik" text NOT NULL,
	"correspondent_account" text NOT NULL,
	"settlement_account" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"replaces_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payers_kind_check" CHECK ("payers"."kind" in ('legal_entity', 'sole_trader')),
	CONSTRAINT "payers_numbers_check" CHECK (("payers"."kind" = 'legal_entity' and "payers"."inn" ~ '^[0-9]{10}$' and "payers"."kpp" ~ '^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$' and "payers"."ogrn" ~ '^[0-9]{13}$')
        or ("payers"."kind" = 'sole_trader' and "payers"."inn" ~ '^[0-9]{12}$' and "payers"."kpp" is null and "payers"."ogrn" ~ '^[0-9]{15}$')),
	CONSTRAINT "payers_bank_check" CHECK ("payers"."bik" ~ '^04[0-9]{7}$' and "payers"."correspondent_account" ~ '^[0-9]{20}$' and "payers"."settlement_account" ~ '^[0-9]{20}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payer" jsonb;--> statement-breakpoint
ALTER TABLE "payers" ADD CONSTRAINT "payers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payers" ADD CONSTRAINT "payers_replaces_id_payers_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."payers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payers_client_idx" ON "payers" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payers_client_default_idx" ON "payers" USING btree ("client_id") WHERE "payers"."is_default" and "payers"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_payer_idx" ON "orders" USING btree ("payer_id");