CREATE TABLE `suggestions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`author_id` integer,
	`kind` text DEFAULT 'suggestion' NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`change_uuids` text DEFAULT '[]' NOT NULL,
	`previous_status` text,
	`settled_at` integer,
	`settled_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`settled_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `suggestions_article` ON `suggestions` (`article_id`,`state`);--> statement-breakpoint
CREATE UNIQUE INDEX `suggestions_open_author` ON `suggestions` (`article_id`,`author_id`) WHERE state = 'open' AND kind = 'suggestion';