CREATE TABLE "admin_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" text,
	"admin_email" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target_user_id" text,
	"target_user_email" text,
	"ip_address" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_logs_timestamp_idx" ON "admin_logs" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "admin_logs_action_idx" ON "admin_logs" USING btree ("action","timestamp");--> statement-breakpoint
CREATE INDEX "admin_logs_admin_idx" ON "admin_logs" USING btree ("admin_id","timestamp");--> statement-breakpoint
CREATE INDEX "admin_logs_target_idx" ON "admin_logs" USING btree ("target_user_id","timestamp");--> statement-breakpoint
CREATE FUNCTION "admin_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'admin_logs is append-only: % is not allowed', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_logs_no_update_or_delete" BEFORE UPDATE OR DELETE ON "admin_logs" FOR EACH STATEMENT EXECUTE FUNCTION "admin_logs_append_only"();
