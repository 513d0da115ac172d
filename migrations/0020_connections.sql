CREATE TABLE `data_deletion_requests` (
	`code` text PRIMARY KEY NOT NULL,
	`network` text NOT NULL,
	`owner_external_id` text NOT NULL,
	`accounts` integer NOT NULL,
	`deleted_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `social_accounts` ADD `owner_external_id` text;--> statement-breakpoint
ALTER TABLE `third_party_integrations` ADD `owner_external_id` text;