CREATE TABLE `article_branches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`author_id` integer,
	`name` text NOT NULL,
	`base_version_id` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`body_text` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`review_id` integer,
	`merged_version_id` integer,
	`edited_at` integer,
	`ended_at` integer,
	`ended_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`base_version_id`) REFERENCES `article_versions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`merged_version_id`) REFERENCES `article_versions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`ended_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `article_branches_article` ON `article_branches` (`article_id`,`status`);--> statement-breakpoint
CREATE INDEX `article_branches_author` ON `article_branches` (`workspace_id`,`author_id`,`status`);--> statement-breakpoint
ALTER TABLE `article_versions` ADD `kind` text DEFAULT 'edit' NOT NULL;--> statement-breakpoint
ALTER TABLE `article_versions` ADD `branch_id` integer;--> statement-breakpoint
CREATE INDEX `events_article_created` ON `events` (`article_id`,`created_at`);