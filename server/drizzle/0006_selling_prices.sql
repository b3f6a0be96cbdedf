CREATE TABLE "client_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"profile_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "client_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pricing_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_business" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "inn" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "personal_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "purchase_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pricing_profile_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personal_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "delivery_probability" integer;--> statement-breakpoint
ALTER TABLE "client_groups" ADD CONSTRAINT "client_groups_profile_id_pricing_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."pricing_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_groups_one_default_idx" ON "client_groups" USING btree ("is_default") WHERE "client_groups"."is_default";--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pricing_profile_id_pricing_profiles_id_fk" FOREIGN KEY ("pricing_profile_id") REFERENCES "public"."pricing_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_personal_discount_check" CHECK ("clients"."personal_discount" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_inn_check" CHECK ("clients"."inn" ~ '^[0-9]{10}([0-9]{2})?$');--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_delivery_probability_check" CHECK ("suppliers"."delivery_probability" between 0 and 100);--> statement-breakpoint
-- Until the shop sets its own profile, the retail group sells at the purchase price: an existing shop's prices do
-- not move by upgrading. The demo seed and `npm run admin -- pricing-set` put real margins in.
INSERT INTO "pricing_profiles" ("rules") VALUES ('{"base_markup":0,"bands":[],"suppliers":{},"brands":{},"supplier_brands":{},"rounding":"kopeck","min_margin":0}');--> statement-breakpoint
INSERT INTO "client_groups" ("name", "profile_id", "is_default") SELECT 'Розница', min("id"), true FROM "pricing_profiles";
