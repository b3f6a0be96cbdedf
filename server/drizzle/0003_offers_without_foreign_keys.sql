ALTER TABLE "offers" DROP CONSTRAINT "offers_supplier_id_suppliers_id_fk";
--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_brand_id_brands_id_fk";
