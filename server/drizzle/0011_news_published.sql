-- Issue 15: the back office publishes and unpublishes news; existing items stay published.
ALTER TABLE "news" ADD COLUMN "published" boolean DEFAULT true NOT NULL;