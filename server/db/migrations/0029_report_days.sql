CREATE TABLE "report_days" (
	"tenant_id" integer NOT NULL,
	"measure" varchar(20) NOT NULL,
	"day" date NOT NULL,
	"subject" integer DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"quantity" numeric(16, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_days_tenant_id_measure_day_subject_pk" PRIMARY KEY("tenant_id","measure","day","subject")
);
