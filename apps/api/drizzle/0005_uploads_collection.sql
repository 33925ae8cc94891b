ALTER TABLE "uploads" ADD COLUMN "discarded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "event_images_path_idx" ON "event_images" USING btree ("image_path");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."discarded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "uploads_discarded_idx" ON "uploads" USING btree ("discarded_at") WHERE "uploads"."discarded_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_image_path_idx" ON "users" USING btree ("image_path") WHERE "users"."image_path" IS NOT NULL;