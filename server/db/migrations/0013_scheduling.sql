CREATE TABLE "fleet_vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"fleet_number" varchar(50) NOT NULL,
	"department" varchar(100),
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"location" varchar(200),
	"fuel_level" integer,
	"last_service_date" date,
	"next_service_date" date,
	"next_service_mileage" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"service_type" varchar(100) NOT NULL,
	"scheduled_date" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 60 NOT NULL,
	"status" varchar(20) DEFAULT 'scheduled' NOT NULL,
	"technician_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"changed_by" integer,
	"notes" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"appointment_number" varchar(20) NOT NULL,
	"customer_id" integer,
	"customer_name" varchar(200) NOT NULL,
	"customer_phone" varchar(20) NOT NULL,
	"customer_email" varchar(255),
	"vehicle_id" integer,
	"vehicle_info" jsonb NOT NULL,
	"service_type" varchar(50) NOT NULL,
	"description" text,
	"scheduled_date" date NOT NULL,
	"scheduled_time" varchar(5) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 60 NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"assigned_to" integer,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shift_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(20) DEFAULT 'scheduled' NOT NULL,
	"check_in_time" timestamp with time zone,
	"check_out_time" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"service_name" varchar(200) NOT NULL,
	"description" text,
	"interval_mileage" integer,
	"interval_months" integer,
	"last_service_date" date,
	"last_service_mileage" integer,
	"next_due_date" date,
	"next_due_mileage" integer,
	"forecast_due_date" date,
	"due_by" varchar(10),
	"reminder_days" integer DEFAULT 14 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"maintenance_schedule_id" integer,
	"reminder_type" varchar(10) NOT NULL,
	"reminder_title" varchar(200) NOT NULL,
	"reminder_message" text NOT NULL,
	"due_date" date,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	"snoozed_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_vehicles" ADD CONSTRAINT "fleet_vehicles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_vehicles" ADD CONSTRAINT "fleet_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_history" ADD CONSTRAINT "appointment_status_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_history" ADD CONSTRAINT "appointment_status_history_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_history" ADD CONSTRAINT "appointment_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_assigned_to_technicians_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_maintenance_schedule_id_maintenance_schedules_id_fk" FOREIGN KEY ("maintenance_schedule_id") REFERENCES "public"."maintenance_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_vehicles_tenant_number_key" ON "fleet_vehicles" USING btree ("tenant_id",lower("fleet_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_vehicles_vehicle_key" ON "fleet_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "fleet_vehicles_tenant_status_idx" ON "fleet_vehicles" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "fleet_vehicles_tenant_next_service_idx" ON "fleet_vehicles" USING btree ("tenant_id","next_service_date");--> statement-breakpoint
CREATE INDEX "fleet_vehicles_tenant_department_idx" ON "fleet_vehicles" USING btree ("tenant_id","department");--> statement-breakpoint
CREATE INDEX "fleet_vehicles_search_trgm" ON "fleet_vehicles" USING gin ((fleet_number || ' ' || coalesce(department, '') || ' ' || coalesce(location, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_bookings_tenant_date_idx" ON "service_bookings" USING btree ("tenant_id","scheduled_date","id");--> statement-breakpoint
CREATE INDEX "service_bookings_tenant_status_idx" ON "service_bookings" USING btree ("tenant_id","status","scheduled_date");--> statement-breakpoint
CREATE INDEX "service_bookings_customer_idx" ON "service_bookings" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "service_bookings_vehicle_idx" ON "service_bookings" USING btree ("tenant_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "service_bookings_technician_idx" ON "service_bookings" USING btree ("technician_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "service_bookings_search_trgm" ON "service_bookings" USING gin ((service_type) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointment_status_history_appointment_idx" ON "appointment_status_history" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_tenant_number_key" ON "appointments" USING btree ("tenant_id","appointment_number");--> statement-breakpoint
CREATE INDEX "appointments_tenant_date_idx" ON "appointments" USING btree ("tenant_id","scheduled_date","scheduled_time","id");--> statement-breakpoint
CREATE INDEX "appointments_tenant_status_idx" ON "appointments" USING btree ("tenant_id","status","scheduled_date");--> statement-breakpoint
CREATE INDEX "appointments_assigned_idx" ON "appointments" USING btree ("assigned_to","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_search_trgm" ON "appointments" USING gin ((appointment_number || ' ' || customer_name || ' ' || customer_phone || ' ' || coalesce(vehicle_info->>'plateNumber', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shift_assignments_tenant_date_idx" ON "shift_assignments" USING btree ("tenant_id","date","id");--> statement-breakpoint
CREATE INDEX "shift_assignments_user_idx" ON "shift_assignments" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "shift_assignments_shift_idx" ON "shift_assignments" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shift_assignments_tenant_status_idx" ON "shift_assignments" USING btree ("tenant_id","status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_tenant_name_key" ON "shifts" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "maintenance_schedules_vehicle_idx" ON "maintenance_schedules" USING btree ("tenant_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "service_reminders_tenant_status_idx" ON "service_reminders" USING btree ("tenant_id","status","due_date");--> statement-breakpoint
CREATE INDEX "service_reminders_vehicle_idx" ON "service_reminders" USING btree ("tenant_id","vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_reminders_open_key" ON "service_reminders" USING btree ("maintenance_schedule_id") WHERE status in ('pending', 'snoozed');