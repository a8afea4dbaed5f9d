CREATE TABLE "task_counts" (
	"tenant_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"assigned" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "task_counts_tenant_id_status_assigned_pk" PRIMARY KEY("tenant_id","status","assigned")
);
