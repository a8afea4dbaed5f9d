CREATE TABLE "job_card_days" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"service_type" varchar(100) NOT NULL,
	"status" varchar(20) NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cycle_seconds" numeric(20, 6) DEFAULT '0' NOT NULL,
	"invoiced" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "job_card_days_tenant_id_day_service_type_status_pk" PRIMARY KEY("tenant_id","day","service_type","status")
);
