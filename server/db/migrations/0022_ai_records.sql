-- The AI assistant's records (server/modules/ai/ai.table.ts); service_bookings gets its (tenant_id, id)
-- key so a prediction can name the booking made from it. SET NULL keys name their own column.
CREATE TABLE "ai_chat_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_chat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer,
	"session_id" varchar(64),
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"handoff_to" integer,
	"handoff_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_job_estimations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_job_estimations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer,
	"service_type" varchar(100) NOT NULL,
	"job_description" text NOT NULL,
	"vehicle_details" varchar(200),
	"estimated_hours" numeric(6, 2) NOT NULL,
	"estimated_cost" numeric(10, 2) NOT NULL,
	"labor_cost" numeric(10, 2) NOT NULL,
	"parts_cost" numeric(10, 2) NOT NULL,
	"confidence" numeric(4, 3) NOT NULL,
	"based_on_data" jsonb NOT NULL,
	"applied_to_job_card" integer,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_maintenance_predictions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_maintenance_predictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"predicted_issue" varchar(200) NOT NULL,
	"severity" varchar(20) NOT NULL,
	"recommended_action" text NOT NULL,
	"estimated_timeframe" varchar(100) NOT NULL,
	"due_date" date,
	"due_mileage" integer,
	"confidence" numeric(4, 3) NOT NULL,
	"reason" text NOT NULL,
	"based_on_data" jsonb NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"booking_id" integer,
	"maintenance_schedule_id" integer,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_parts_recommendations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_parts_recommendations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer,
	"service_type" varchar(100) NOT NULL,
	"vehicle_make" varchar(50) NOT NULL,
	"vehicle_model" varchar(50) NOT NULL,
	"recommended_parts" jsonb NOT NULL,
	"reasoning" text NOT NULL,
	"total_estimated_cost" numeric(10, 2) NOT NULL,
	"confidence" numeric(4, 3) NOT NULL,
	"based_on_data" jsonb NOT NULL,
	"applied_to_job_card" integer,
	"applied_to_estimate" integer,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_schedule_optimizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_schedule_optimizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"optimization_type" varchar(50) DEFAULT 'assign_unassigned' NOT NULL,
	"request" jsonb NOT NULL,
	"suggestions" jsonb NOT NULL,
	"unplaced" jsonb NOT NULL,
	"schedule_text" text NOT NULL,
	"reasoning" text NOT NULL,
	"potential_time_saved" integer DEFAULT 0 NOT NULL,
	"conflicts_avoided" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "service_bookings_tenant_id_key" ON "service_bookings" USING btree ("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "ai_chat_conversations" ADD CONSTRAINT "ai_chat_conversations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_chat_conversations" ADD CONSTRAINT "ai_chat_conversations_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_chat_conversations" ADD CONSTRAINT "ai_chat_conversations_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_chat_conversations" ADD CONSTRAINT "ai_chat_conversations_handoff_to_fk" FOREIGN KEY ("tenant_id","handoff_to") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("handoff_to") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_job_estimations" ADD CONSTRAINT "ai_job_estimations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_job_estimations" ADD CONSTRAINT "ai_job_estimations_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE SET NULL ("vehicle_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_job_estimations" ADD CONSTRAINT "ai_job_estimations_applied_to_job_card_fk" FOREIGN KEY ("tenant_id","applied_to_job_card") REFERENCES "public"."job_cards"("tenant_id","id") ON DELETE SET NULL ("applied_to_job_card") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_job_estimations" ADD CONSTRAINT "ai_job_estimations_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_job_estimations" ADD CONSTRAINT "ai_job_estimations_decided_by_fk" FOREIGN KEY ("tenant_id","decided_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("decided_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_maintenance_predictions" ADD CONSTRAINT "ai_maintenance_predictions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_maintenance_predictions" ADD CONSTRAINT "ai_maintenance_predictions_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_maintenance_predictions" ADD CONSTRAINT "ai_maintenance_predictions_acknowledged_by_fk" FOREIGN KEY ("tenant_id","acknowledged_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("acknowledged_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_maintenance_predictions" ADD CONSTRAINT "ai_maintenance_predictions_booking_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."service_bookings"("tenant_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_maintenance_predictions" ADD CONSTRAINT "ai_maintenance_predictions_schedule_id_fk" FOREIGN KEY ("tenant_id","maintenance_schedule_id") REFERENCES "public"."maintenance_schedules"("tenant_id","id") ON DELETE SET NULL ("maintenance_schedule_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_maintenance_predictions" ADD CONSTRAINT "ai_maintenance_predictions_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_maintenance_predictions" ADD CONSTRAINT "ai_maintenance_predictions_decided_by_fk" FOREIGN KEY ("tenant_id","decided_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("decided_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_parts_recommendations" ADD CONSTRAINT "ai_parts_recommendations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_parts_recommendations" ADD CONSTRAINT "ai_parts_recommendations_vehicle_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE SET NULL ("vehicle_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_parts_recommendations" ADD CONSTRAINT "ai_parts_recommendations_job_card_fk" FOREIGN KEY ("tenant_id","applied_to_job_card") REFERENCES "public"."job_cards"("tenant_id","id") ON DELETE SET NULL ("applied_to_job_card") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_parts_recommendations" ADD CONSTRAINT "ai_parts_recommendations_estimate_fk" FOREIGN KEY ("tenant_id","applied_to_estimate") REFERENCES "public"."estimates"("tenant_id","id") ON DELETE SET NULL ("applied_to_estimate") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_parts_recommendations" ADD CONSTRAINT "ai_parts_recommendations_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_parts_recommendations" ADD CONSTRAINT "ai_parts_recommendations_decided_by_fk" FOREIGN KEY ("tenant_id","decided_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("decided_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_schedule_optimizations" ADD CONSTRAINT "ai_schedule_optimizations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_schedule_optimizations" ADD CONSTRAINT "ai_schedule_optimizations_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("created_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ai_schedule_optimizations" ADD CONSTRAINT "ai_schedule_optimizations_decided_by_fk" FOREIGN KEY ("tenant_id","decided_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("decided_by") ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "ai_chat_conversations_user_idx" ON "ai_chat_conversations" USING btree ("tenant_id","user_id","id");
--> statement-breakpoint
CREATE INDEX "ai_job_estimations_vehicle_idx" ON "ai_job_estimations" USING btree ("tenant_id","vehicle_id","id");
--> statement-breakpoint
CREATE INDEX "ai_maintenance_predictions_vehicle_idx" ON "ai_maintenance_predictions" USING btree ("tenant_id","vehicle_id","id");
--> statement-breakpoint
CREATE INDEX "ai_parts_recommendations_vehicle_idx" ON "ai_parts_recommendations" USING btree ("tenant_id","vehicle_id","id");
--> statement-breakpoint
CREATE INDEX "ai_schedule_optimizations_tenant_idx" ON "ai_schedule_optimizations" USING btree ("tenant_id","id");
