CREATE TABLE "notification_claims" (
	"tenant_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"subject_id" integer NOT NULL,
	"key" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_claims_pkey" PRIMARY KEY("tenant_id","kind","subject_id","key")
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "entity_type" varchar(30);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "entity_id" integer;--> statement-breakpoint
ALTER TABLE "notification_claims" ADD CONSTRAINT "notification_claims_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("user_id","id") WHERE channel = 'in_app';