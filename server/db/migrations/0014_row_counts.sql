CREATE TABLE "row_counts" (
	"tenant_id" integer NOT NULL,
	"entity" varchar(40) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_tenant_id_entity_pk" PRIMARY KEY("tenant_id","entity")
);
