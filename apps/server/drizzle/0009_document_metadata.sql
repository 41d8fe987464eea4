ALTER TABLE "documents" ADD COLUMN "title_override" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "volume" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_title_override_length" CHECK (char_length("documents"."title_override") between 1 and 300);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_author_length" CHECK (char_length("documents"."author") between 1 and 200);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_volume_digits" CHECK ("documents"."volume" ~ '^[0-9]{1,3}$');--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_year_range" CHECK ("documents"."year" between 1000 and 2999);