CREATE TABLE "customer_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"note" text NOT NULL,
	"category" varchar(30) DEFAULT 'general' NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(255),
	"phone" varchar(20) NOT NULL,
	"address" varchar(500),
	"city" varchar(100),
	"postal_code" varchar(20),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_service_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_service_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"job_card_id" integer,
	"service_date" date NOT NULL,
	"service_type" varchar(100) NOT NULL,
	"description" text,
	"mileage_at_service" integer,
	"cost" numeric(10, 2),
	"performed_by" varchar(200),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"make" varchar(100) NOT NULL,
	"model" varchar(100) NOT NULL,
	"year" integer NOT NULL,
	"plate_number" varchar(50) NOT NULL,
	"vin" varchar(17),
	"color" varchar(50),
	"mileage" integer,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_audit_trail" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_audit_trail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"spare_part_id" integer NOT NULL,
	"action_type" varchar(20) NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_change" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"unit_cost" numeric(10, 2),
	"total_cost" numeric(12, 2),
	"reference_type" varchar(30),
	"reference_id" integer,
	"reason" varchar(500),
	"performed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spare_parts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spare_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"sku" varchar(100) NOT NULL,
	"category" varchar(100),
	"brand" varchar(100),
	"description" text,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"minimum_stock" integer DEFAULT 0 NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"location" varchar(100),
	"supplier" varchar(200),
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spare_parts_stock_not_negative" CHECK (stock_quantity >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_card_labour" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_card_labour_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"job_card_id" integer NOT NULL,
	"description" varchar(500) NOT NULL,
	"hours" numeric(6, 2) NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_card_parts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_card_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"job_card_id" integer NOT NULL,
	"spare_part_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"job_number" varchar(20) NOT NULL,
	"service_type" varchar(100) NOT NULL,
	"description" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"priority" varchar(20) DEFAULT 'medium' NOT NULL,
	"assigned_to" integer,
	"estimated_cost" numeric(10, 2),
	"actual_cost" numeric(10, 2),
	"scheduled_date" timestamp with time zone,
	"completed_date" timestamp with time zone,
	"parts_consumed" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_service_history" ADD CONSTRAINT "vehicle_service_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_service_history" ADD CONSTRAINT "vehicle_service_history_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audit_trail" ADD CONSTRAINT "inventory_audit_trail_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audit_trail" ADD CONSTRAINT "inventory_audit_trail_spare_part_id_spare_parts_id_fk" FOREIGN KEY ("spare_part_id") REFERENCES "public"."spare_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_audit_trail" ADD CONSTRAINT "inventory_audit_trail_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_parts" ADD CONSTRAINT "spare_parts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_labour" ADD CONSTRAINT "job_card_labour_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_labour" ADD CONSTRAINT "job_card_labour_job_card_id_job_cards_id_fk" FOREIGN KEY ("job_card_id") REFERENCES "public"."job_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_parts" ADD CONSTRAINT "job_card_parts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_parts" ADD CONSTRAINT "job_card_parts_job_card_id_job_cards_id_fk" FOREIGN KEY ("job_card_id") REFERENCES "public"."job_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_card_parts" ADD CONSTRAINT "job_card_parts_spare_part_id_spare_parts_id_fk" FOREIGN KEY ("spare_part_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cards" ADD CONSTRAINT "job_cards_assigned_to_technicians_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "customers_tenant_name_idx" ON "customers" USING btree ("tenant_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ((first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone || ' ' || coalesce(city, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_full_name_trgm" ON "customers" USING gin ((first_name || ' ' || last_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_service_history_vehicle_idx" ON "vehicle_service_history" USING btree ("tenant_id","vehicle_id","service_date");--> statement-breakpoint
CREATE INDEX "vehicle_service_history_job_idx" ON "vehicle_service_history" USING btree ("job_card_id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_customer_idx" ON "vehicles" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_id_idx" ON "vehicles" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "vehicles_search_trgm" ON "vehicles" USING gin ((make || ' ' || model || ' ' || plate_number || ' ' || coalesce(vin, '') || ' ' || year::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_make_model_trgm" ON "vehicles" USING gin ((make || ' ' || model) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_audit_trail_part_idx" ON "inventory_audit_trail" USING btree ("tenant_id","spare_part_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spare_parts_tenant_sku_key" ON "spare_parts" USING btree ("tenant_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "spare_parts_tenant_name_idx" ON "spare_parts" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "spare_parts_tenant_category_idx" ON "spare_parts" USING btree ("tenant_id","category");--> statement-breakpoint
CREATE INDEX "spare_parts_attention_idx" ON "spare_parts" USING btree ("tenant_id","name","id") WHERE stock_quantity <= 0 or stock_quantity < minimum_stock;--> statement-breakpoint
CREATE INDEX "spare_parts_search_trgm" ON "spare_parts" USING gin ((name || ' ' || sku || ' ' || coalesce(category, '') || ' ' || coalesce(brand, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_card_labour_job_idx" ON "job_card_labour" USING btree ("job_card_id");--> statement-breakpoint
CREATE INDEX "job_card_parts_job_idx" ON "job_card_parts" USING btree ("job_card_id");--> statement-breakpoint
CREATE INDEX "job_card_parts_part_idx" ON "job_card_parts" USING btree ("spare_part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_cards_tenant_number_key" ON "job_cards" USING btree ("tenant_id","job_number");--> statement-breakpoint
CREATE INDEX "job_cards_tenant_id_idx" ON "job_cards" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "job_cards_tenant_status_idx" ON "job_cards" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "job_cards_tenant_priority_idx" ON "job_cards" USING btree ("tenant_id","priority","id");--> statement-breakpoint
CREATE INDEX "job_cards_customer_idx" ON "job_cards" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "job_cards_vehicle_idx" ON "job_cards" USING btree ("tenant_id","vehicle_id","id");--> statement-breakpoint
CREATE INDEX "job_cards_assigned_idx" ON "job_cards" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE INDEX "job_cards_search_trgm" ON "job_cards" USING gin ((job_number || ' ' || service_type) gin_trgm_ops);