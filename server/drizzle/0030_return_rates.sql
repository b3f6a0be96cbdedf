CREATE TABLE "analog_pairs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analog_pairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id_a" integer NOT NULL,
	"article_normalized_a" text NOT NULL,
	"brand_id_b" integer NOT NULL,
	"article_normalized_b" text NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"returns" integer DEFAULT 0 NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer,
	CONSTRAINT "analog_pairs_counts_check" CHECK ("analog_pairs"."purchases" >= 0 and "analog_pairs"."returns" >= 0)
);
--> statement-breakpoint
CREATE TABLE "brand_return_rates" (
	"brand_normalized" text PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"defects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "brand_return_rates_counts_check" CHECK ("brand_return_rates"."purchases" >= 0 and "brand_return_rates"."defects" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_return_rates" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"defects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "supplier_return_rates_counts_check" CHECK ("supplier_return_rates"."purchases" >= 0 and "supplier_return_rates"."defects" >= 0)
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "analog_of_brand_id" integer;--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "analog_of_article" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "analog_pair_id" integer;--> statement-breakpoint
ALTER TABLE "analog_pairs" ADD CONSTRAINT "analog_pairs_brand_id_a_brands_id_fk" FOREIGN KEY ("brand_id_a") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analog_pairs" ADD CONSTRAINT "analog_pairs_brand_id_b_brands_id_fk" FOREIGN KEY ("brand_id_b") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analog_pairs" ADD CONSTRAINT "analog_pairs_withdrawn_by_staff_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_rates" ADD CONSTRAINT "supplier_return_rates_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analog_pairs_parts_idx" ON "analog_pairs" USING btree ("article_normalized_a","brand_id_a","article_normalized_b","brand_id_b");--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_analog_of_brand_id_brands_id_fk" FOREIGN KEY ("analog_of_brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_analog_pair_id_analog_pairs_id_fk" FOREIGN KEY ("analog_pair_id") REFERENCES "public"."analog_pairs"("id") ON DELETE set null ON UPDATE no action;