CREATE TABLE "chunk_embeddings" (
	"chunk_id" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"dimensions" integer NOT NULL,
	"vector" "bytea" NOT NULL,
	"norm" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer,
	"start_page" integer,
	"end_page" integer,
	"page_label" text,
	"heading_path" text[] NOT NULL,
	"anchor" text,
	"text" text NOT NULL,
	"word_count" integer NOT NULL,
	"language" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"page_count" integer,
	"language" text NOT NULL,
	"source_link" text,
	"status" text DEFAULT 'ready' NOT NULL,
	"warning" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunk_embeddings" ADD CONSTRAINT "chunk_embeddings_chunk_id_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chunks_document_ordinal_key" ON "chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_sha256_key" ON "documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "documents_file_name_idx" ON "documents" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "knowledge_changes_created_at_idx" ON "knowledge_changes" USING btree ("created_at");