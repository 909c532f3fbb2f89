CREATE TABLE "staged_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task" text NOT NULL,
	"payload" json NOT NULL,
	"run_at" timestamp with time zone,
	"job_key" text
);
