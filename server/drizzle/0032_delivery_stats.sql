CREATE TABLE "supplier_delivery_stats" (
	"supplier_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"delivered_lines" integer NOT NULL,
	"late_open_lines" integer NOT NULL,
	"refused_lines" integer NOT NULL,
	"on_time_lines" integer NOT NULL,
	"promised_lines" integer NOT NULL,
	"median_days" integer,
	"p80_days" integer,
	"p90_days" integer,
	"on_time_percent" integer,
	"refusal_percent" integer,
	"enough" boolean NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_delivery_stats_supplier_id_brand_id_pk" PRIMARY KEY("supplier_id","brand_id"),
	CONSTRAINT "supplier_delivery_stats_percent_check" CHECK ("supplier_delivery_stats"."on_time_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "learned_delivery_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "learned_delivery_probability" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_delivery_stats" ADD CONSTRAINT "supplier_delivery_stats_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;