CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"checksum" text,
	"error" text,
	"created_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backups_finished_check" CHECK (("backups"."state" = 'running') = ("backups"."finished_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);