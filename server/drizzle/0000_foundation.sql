CREATE TYPE "public"."cross_reference_type" AS ENUM('oem', 'replacement', 'analog');--> statement-breakpoint
CREATE TABLE "brand_aliases" (
	"alias_normalized" text PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_normalized" text NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name"),
	CONSTRAINT "brands_name_normalized_unique" UNIQUE("name_normalized")
);
--> statement-breakpoint
CREATE TABLE "catalog_group_articles" (
	"group_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"article_normalized" text NOT NULL,
	CONSTRAINT "catalog_group_articles_pkey" PRIMARY KEY("group_id","brand_id","article_normalized")
);
--> statement-breakpoint
CREATE TABLE "catalog_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cross_references" (
	"brand_id_a" integer NOT NULL,
	"article_normalized_a" text NOT NULL,
	"brand_id_b" integer NOT NULL,
	"article_normalized_b" text NOT NULL,
	"type" "cross_reference_type" DEFAULT 'analog' NOT NULL,
	CONSTRAINT "cross_references_pkey" PRIMARY KEY("article_normalized_a","brand_id_a","article_normalized_b","brand_id_b")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"image_url" text,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	CONSTRAINT "news_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"article" text NOT NULL,
	"article_normalized" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"delivery_days" integer,
	"price" numeric(12, 2) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"weight" numeric(10, 3),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_price_check" CHECK ("offers"."price" >= 0),
	CONSTRAINT "offers_quantity_check" CHECK ("offers"."quantity" >= 0),
	CONSTRAINT "offers_delivery_days_check" CHECK ("offers"."delivery_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"block_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"article_normalized" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recommendations_pkey" PRIMARY KEY("block_id","brand_id","article_normalized")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"default_delivery_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "suppliers_name_unique" UNIQUE("name"),
	CONSTRAINT "suppliers_default_delivery_days_check" CHECK ("suppliers"."default_delivery_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "brand_aliases" ADD CONSTRAINT "brand_aliases_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_group_articles" ADD CONSTRAINT "catalog_group_articles_group_id_catalog_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."catalog_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_group_articles" ADD CONSTRAINT "catalog_group_articles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_groups" ADD CONSTRAINT "catalog_groups_parent_id_catalog_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalog_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_references" ADD CONSTRAINT "cross_references_brand_id_a_brands_id_fk" FOREIGN KEY ("brand_id_a") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_references" ADD CONSTRAINT "cross_references_brand_id_b_brands_id_fk" FOREIGN KEY ("brand_id_b") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_aliases_brand_id_idx" ON "brand_aliases" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "catalog_group_articles_article_idx" ON "catalog_group_articles" USING btree ("article_normalized","brand_id");--> statement-breakpoint
CREATE INDEX "catalog_groups_parent_id_idx" ON "catalog_groups" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "cross_references_b_idx" ON "cross_references" USING btree ("article_normalized_b","brand_id_b");--> statement-breakpoint
CREATE INDEX "news_published_at_idx" ON "news" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_article_brand_idx" ON "offers" USING btree ("article_normalized","brand_id");--> statement-breakpoint
CREATE INDEX "offers_supplier_id_idx" ON "offers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "recommendations_block_position_idx" ON "recommendations" USING btree ("block_id","position");