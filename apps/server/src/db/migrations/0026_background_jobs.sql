CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" text,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_valid" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_attempts_valid" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "store_webhook_secrets" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"store_id" integer NOT NULL,
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_events_store_id_source_event_id_pk" PRIMARY KEY("store_id","source","event_id")
);
--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "receipt_sms_state" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "receipt_sms_error" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_secrets" ADD CONSTRAINT "store_webhook_secrets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_store_idx" ON "jobs" USING btree ("store_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_dedupe_unique" ON "jobs" USING btree ("kind","dedupe_key") WHERE "jobs"."state" in ('queued', 'running') and "jobs"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_webhook_secrets_token_unique" ON "store_webhook_secrets" USING btree ("token");--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "receipt_sends_job_idx" ON "receipt_sends" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "receipt_sends_provider_message_idx" ON "receipt_sends" USING btree ("provider_message_id");