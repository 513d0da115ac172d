CREATE TABLE `todos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`workspace_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`assignee_id` integer,
	`creator_id` integer,
	`due_on` text,
	`done` integer DEFAULT false NOT NULL,
	`done_at` integer,
	`done_by_id` integer,
	`removed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`done_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `todos_article_uuid` ON `todos` (`article_id`,`uuid`);--> statement-breakpoint
CREATE INDEX `todos_assignee` ON `todos` (`workspace_id`,`assignee_id`,`done`);--> statement-breakpoint
CREATE INDEX `todos_creator` ON `todos` (`workspace_id`,`creator_id`,`done`);