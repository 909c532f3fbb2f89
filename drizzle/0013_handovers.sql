CREATE TABLE "handovers" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"wrong_tries" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_over_at" timestamp with time zone,
	"problem_reason" text,
	"problem_reported_at" timestamp with time zone,
	"problem_decision" text,
	CONSTRAINT "handovers_code_six_digits" CHECK ("handovers"."code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handovers_open_problems_idx" ON "handovers" USING btree ("problem_reported_at") WHERE "handovers"."problem_reported_at" is not null and "handovers"."problem_decision" is null;