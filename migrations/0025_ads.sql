CREATE TABLE `ad_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`network` text NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`credentials` text,
	`page_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ad_accounts_external` ON `ad_accounts` (`workspace_id`,`network`,`external_id`);--> statement-breakpoint
CREATE TABLE `ad_campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`ad_account_id` integer NOT NULL,
	`content_campaign_id` integer,
	`name` text NOT NULL,
	`objective` text,
	`special_ad_categories` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`draft` text NOT NULL,
	`network_campaign_id` text,
	`network_ad_set_id` text,
	`network_creative_ids` text DEFAULT '[]' NOT NULL,
	`network_ad_ids` text DEFAULT '[]' NOT NULL,
	`spend_minor` integer DEFAULT 0 NOT NULL,
	`results` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`last_synced_at` integer,
	`error` text,
	`error_step` text,
	`error_class` text,
	`launched_at` integer,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ad_account_id`) REFERENCES `ad_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ad_campaigns_workspace` ON `ad_campaigns` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ad_campaigns_status` ON `ad_campaigns` (`status`,`last_synced_at`);--> statement-breakpoint
CREATE TABLE `ad_insight_days` (
	`ad_campaign_id` integer NOT NULL,
	`workspace_id` integer NOT NULL,
	`day` text NOT NULL,
	`currency` text NOT NULL,
	`spend_minor` integer DEFAULT 0 NOT NULL,
	`results` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`ad_campaign_id`) REFERENCES `ad_campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ad_insight_days_campaign_day` ON `ad_insight_days` (`ad_campaign_id`,`day`);--> statement-breakpoint
CREATE INDEX `ad_insight_days_workspace` ON `ad_insight_days` (`workspace_id`,`day`);--> statement-breakpoint
CREATE TABLE `ad_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`monthly_cap_minor` integer,
	`currency` text DEFAULT 'USD' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `saved_audiences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`targeting` text NOT NULL,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `saved_audiences_workspace` ON `saved_audiences` (`workspace_id`,`name`);