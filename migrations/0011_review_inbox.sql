CREATE TABLE `reviewers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`review_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`channel_id` integer,
	`answer` text,
	`comment` text,
	`answered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviewers_pair` ON `reviewers` (`review_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reviewers_user` ON `reviewers` (`user_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`kind` text NOT NULL,
	`requester_id` integer,
	`message` text DEFAULT '' NOT NULL,
	`due_at` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`closed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reviews_article` ON `reviews` (`article_id`,`status`);--> statement-breakpoint
CREATE INDEX `reviews_workspace` ON `reviews` (`workspace_id`,`status`);--> statement-breakpoint
CREATE TABLE `inbox_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`recipient_id` integer NOT NULL,
	`actor_id` integer,
	`type` text NOT NULL,
	`event` text NOT NULL,
	`article_id` integer,
	`review_id` integer,
	`channel_id` integer,
	`access_request_id` integer,
	`comment_id` integer,
	`post_id` integer,
	`data` text DEFAULT '{}' NOT NULL,
	`read_at` integer,
	`archived_at` integer,
	`email_status` text DEFAULT 'none' NOT NULL,
	`emailed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`access_request_id`) REFERENCES `access_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_items_recipient` ON `inbox_items` (`recipient_id`,`workspace_id`,`archived_at`,`read_at`);--> statement-breakpoint
CREATE INDEX `inbox_items_digest` ON `inbox_items` (`email_status`,`recipient_id`);--> statement-breakpoint
CREATE INDEX `inbox_items_review` ON `inbox_items` (`review_id`);--> statement-breakpoint
CREATE TABLE `inbox_settings` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`email` text NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
