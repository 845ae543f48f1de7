DROP INDEX "webhook_deliveries_pending_due";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "webhook_deliveries" AS d SET "seq" = m."seq" FROM "webhook_messages" AS m WHERE m."id" = d."message_id" AND d."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_due_seq" ON "webhook_deliveries" USING btree ("next_attempt_at","seq") WHERE status = 'pending';
