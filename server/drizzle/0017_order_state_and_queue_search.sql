-- Issue 26: the order's status is derived from its lines (decision 0040), so the stored one goes; order lines
-- keep their article normalized as offers do, for the back office's search.
ALTER TABLE "order_items" ADD COLUMN "article_normalized" text;--> statement-breakpoint
-- The offer's own key (normalizeArticle at import) where the offer is still there; else the article's letters
-- and digits, upper-cased, with the Cyrillic look-alikes as Latin (normalizeArticle's rules, for older lines).
UPDATE "order_items" SET "article_normalized" = coalesce(
  (SELECT "offers"."article_normalized" FROM "offers" WHERE "offers"."id" = "order_items"."offer_id"),
  regexp_replace(translate(upper("article"), 'АВЕКМНОРСТУХ', 'ABEKMHOPCTYX'), '[^[:alnum:]]', '', 'g')
);--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "article_normalized" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";
