CREATE TABLE "staff_setup_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_setup_links_one_used_idx" ON "staff_setup_links" USING btree (("used_at" is not null)) WHERE "staff_setup_links"."used_at" is not null;