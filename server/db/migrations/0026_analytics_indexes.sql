CREATE INDEX "tasks_tenant_completed_idx" ON "tasks" USING btree ("tenant_id","completed_at","technician_id") WHERE status = 'completed';--> statement-breakpoint
CREATE INDEX "job_cards_tenant_created_idx" ON "job_cards" USING btree ("tenant_id","created_at","status");--> statement-breakpoint
CREATE INDEX "job_cards_tenant_completed_idx" ON "job_cards" USING btree ("tenant_id","completed_date","service_type","created_at","vehicle_id") WHERE status = 'completed';--> statement-breakpoint
CREATE INDEX "estimates_tenant_created_idx" ON "estimates" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_tenant_date_idx" ON "invoices" USING btree ("tenant_id","invoice_date","status","total_amount");--> statement-breakpoint
CREATE INDEX "invoices_receivable_idx" ON "invoices" USING btree ("tenant_id","due_date","total_amount","paid_amount") WHERE status in ('draft', 'sent') and total_amount > paid_amount;--> statement-breakpoint
CREATE INDEX "payments_tenant_date_idx" ON "payments" USING btree ("tenant_id","payment_date","status","amount");