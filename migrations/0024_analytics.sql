CREATE TABLE `account_metrics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`day` text NOT NULL,
	`followers` integer,
	`captured_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_metrics_day` ON `account_metrics` (`account_id`,`day`);--> statement-breakpoint
CREATE INDEX `account_metrics_workspace` ON `account_metrics` (`workspace_id`,`day`);--> statement-breakpoint
CREATE TABLE `post_metric_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_id` integer NOT NULL,
	`workspace_id` integer NOT NULL,
	`captured_at` integer NOT NULL,
	`granularity` text DEFAULT 'sample' NOT NULL,
	`impressions` integer,
	`reach` integer,
	`views` integer,
	`likes` integer,
	`comments` integer,
	`shares` integer,
	`saves` integer,
	`clicks` integer,
	`engagements` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_metric_samples_target` ON `post_metric_samples` (`target_id`,`captured_at`);--> statement-breakpoint
CREATE INDEX `post_metric_samples_compact` ON `post_metric_samples` (`granularity`,`captured_at`);--> statement-breakpoint
CREATE TABLE `post_metrics` (
	`target_id` integer PRIMARY KEY NOT NULL,
	`workspace_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`network` text NOT NULL,
	`campaign_id` integer,
	`content_type` text DEFAULT 'text' NOT NULL,
	`published_at` integer NOT NULL,
	`impressions` integer,
	`reach` integer,
	`views` integer,
	`likes` integer,
	`comments` integer,
	`shares` integer,
	`saves` integer,
	`clicks` integer,
	`engagements` integer DEFAULT 0 NOT NULL,
	`captured_at` integer,
	`next_fetch_at` integer,
	`lease_until` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `social_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `post_metrics_period` ON `post_metrics` (`workspace_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `post_metrics_due` ON `post_metrics` (`next_fetch_at`);--> statement-breakpoint
CREATE INDEX `post_metrics_account` ON `post_metrics` (`account_id`,`published_at`);