DROP INDEX "webhook_deliveries_due";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_due" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';