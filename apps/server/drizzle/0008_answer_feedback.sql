CREATE TABLE "answer_ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"answer_key" text NOT NULL,
	"rater_key" text NOT NULL,
	"user_id" text,
	"guest_network" text,
	"rating" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text NOT NULL,
	"knowledge_position" bigint NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"line" integer NOT NULL,
	"question" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"file" text,
	"page" integer,
	"evidence" text,
	"also" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_run_results" (
	"run_id" bigint NOT NULL,
	"question_id" text NOT NULL,
	"question" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"answerable" boolean NOT NULL,
	"rank" integer,
	"refused" boolean NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "quality_run_results_run_id_question_id_pk" PRIMARY KEY("run_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "quality_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"knowledge_position" bigint NOT NULL,
	"started_by" text,
	"error" text,
	"figures" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "answer_ratings" ADD CONSTRAINT "answer_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_run_results" ADD CONSTRAINT "quality_run_results_run_id_quality_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."quality_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_ratings_rater_answer_key" ON "answer_ratings" USING btree ("rater_key","answer_key");--> statement-breakpoint
CREATE INDEX "answer_ratings_queue_idx" ON "answer_ratings" USING btree ("rating","updated_at");--> statement-breakpoint
CREATE INDEX "answer_ratings_updated_idx" ON "answer_ratings" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "quality_runs_started_idx" ON "quality_runs" USING btree ("started_at");