CREATE TABLE `post_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_id` integer NOT NULL,
	`attempt` integer NOT NULL,
	`outcome` text NOT NULL,
	`message` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_attempts_target` ON `post_attempts` (`target_id`,`id`);--> statement-breakpoint
CREATE TABLE `post_targets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`workspace_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`text` text,
	`state` text DEFAULT 'scheduled' NOT NULL,
	`idempotency_key` text NOT NULL,
	`publish_at` integer NOT NULL,
	`next_attempt_at` integer,
	`attempt` integer DEFAULT 0 NOT NULL,
	`attempt_floor` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`claimed_version` integer,
	`send_attempt` integer,
	`outcome_unknown` integer DEFAULT false NOT NULL,
	`network_post_id` text,
	`network_url` text,
	`published_at` integer,
	`error_class` text,
	`error_message` text,
	`error_hint` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `scheduled_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_targets_idempotency_key_unique` ON `post_targets` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `post_targets_due` ON `post_targets` (`state`,`publish_at`);--> statement-breakpoint
CREATE INDEX `post_targets_post` ON `post_targets` (`post_id`);--> statement-breakpoint
CREATE INDEX `post_targets_account` ON `post_targets` (`account_id`,`state`,`publish_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `post_targets_network_post` ON `post_targets` (`account_id`,`network_post_id`) WHERE network_post_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `posting_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`slots` text DEFAULT '[]' NOT NULL,
	`time_zone` text NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posting_schedules_workspace` ON `posting_schedules` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `sandbox_timeline` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_external_id` text NOT NULL,
	`kind` text NOT NULL,
	`external_id` text,
	`idempotency_key` text,
	`text` text DEFAULT '' NOT NULL,
	`media` text DEFAULT '[]' NOT NULL,
	`fault` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sandbox_timeline_account` ON `sandbox_timeline` (`account_external_id`,`id`);--> statement-breakpoint
CREATE INDEX `sandbox_timeline_key` ON `sandbox_timeline` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `sandbox_tokens` (
	`account_external_id` text PRIMARY KEY NOT NULL,
	`access_token` text NOT NULL,
	`refresh_token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `scheduled_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`author_id` integer,
	`text` text DEFAULT '' NOT NULL,
	`media` text DEFAULT '[]' NOT NULL,
	`publish_at` integer NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`campaign_item_id` integer,
	`article_id` integer,
	`schedule_id` integer,
	`queue_position` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`campaign_item_id`) REFERENCES `campaign_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `scheduled_posts_calendar` ON `scheduled_posts` (`workspace_id`,`publish_at`);--> statement-breakpoint
CREATE TABLE `social_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`network` text NOT NULL,
	`external_id` text NOT NULL,
	`display_name` text NOT NULL,
	`handle` text DEFAULT '' NOT NULL,
	`avatar_url` text,
	`credentials` text NOT NULL,
	`token_expires_at` integer,
	`state` text DEFAULT 'active' NOT NULL,
	`state_reason` text,
	`refresh_lease_until` integer,
	`connected_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connected_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_accounts_external` ON `social_accounts` (`workspace_id`,`network`,`external_id`);--> statement-breakpoint
CREATE INDEX `social_accounts_expiry` ON `social_accounts` (`state`,`token_expires_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`endpoint_id` integer NOT NULL,
	`event` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`response_status` integer,
	`error` text,
	`next_attempt_at` integer,
	`delivered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_workspace` ON `webhook_endpoints` (`workspace_id`);