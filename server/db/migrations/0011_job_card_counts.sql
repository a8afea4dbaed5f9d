CREATE TABLE "job_card_counts" (
	"tenant_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"priority" varchar(20) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "job_card_counts_tenant_id_status_priority_pk" PRIMARY KEY("tenant_id","status","priority")
);
