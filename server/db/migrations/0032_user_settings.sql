CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"date_format" varchar(20) DEFAULT 'MM/DD/YYYY' NOT NULL,
	"time_format" varchar(5) DEFAULT '12h' NOT NULL,
	"theme" varchar(10) DEFAULT 'light' NOT NULL,
	"font_size" varchar(10) DEFAULT 'medium' NOT NULL,
	"compact_mode" boolean DEFAULT false NOT NULL,
	"enable_notifications" boolean DEFAULT true NOT NULL,
	"enable_sounds" boolean DEFAULT false NOT NULL,
	"enable_keyboard_shortcuts" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_values" CHECK (language in ('en', 'ar') and date_format in ('MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD') and time_format in ('12h', '24h')
        and theme in ('light', 'dark') and font_size in ('small', 'medium', 'large'))
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;