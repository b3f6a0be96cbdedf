CREATE TABLE "search_history" (
	"client_id" integer NOT NULL,
	"article_normalized" text NOT NULL,
	"article" text NOT NULL,
	"brand_name" text,
	"searched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_history_pkey" PRIMARY KEY("client_id","article_normalized")
);
--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_history_client_searched_idx" ON "search_history" USING btree ("client_id","searched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_article_prefix_idx" ON "offers" USING btree ("article_normalized" collate "C","brand_id");