CREATE TABLE `designs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`creator_id` integer,
	`name` text NOT NULL,
	`layout` text NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`scene` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`caption_channel` text,
	`is_template` integer DEFAULT false NOT NULL,
	`render_upload_id` integer,
	`rendered_at` integer,
	`scene_changed_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`render_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `designs_workspace` ON `designs` (`workspace_id`,`is_template`,`updated_at`);--> statement-breakpoint
CREATE INDEX `designs_render` ON `designs` (`render_upload_id`);