ALTER TABLE "chunks" ADD COLUMN "speaker_role" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "speaker" text;--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "text_kind" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "attribution_version" integer DEFAULT 0 NOT NULL;