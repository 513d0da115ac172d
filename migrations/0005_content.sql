CREATE TABLE `article_styles` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`tone` text DEFAULT '' NOT NULL,
	`reading_level` text DEFAULT 'standard' NOT NULL,
	`prefer_words` text DEFAULT '[]' NOT NULL,
	`avoid_words` text DEFAULT '[]' NOT NULL,
	`formatting` text DEFAULT '' NOT NULL,
	`updated_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `brand_kit_logos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`brand_kit_id` integer NOT NULL,
	`variant` text NOT NULL,
	`upload_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`brand_kit_id`) REFERENCES `brand_kits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brand_kit_logos_variant` ON `brand_kit_logos` (`brand_kit_id`,`variant`);--> statement-breakpoint
CREATE TABLE `brand_kits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`colors` text DEFAULT '[]' NOT NULL,
	`fonts` text DEFAULT '{}' NOT NULL,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `brand_kits_workspace` ON `brand_kits` (`workspace_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `brand_kits_one_default` ON `brand_kits` (`workspace_id`) WHERE is_default = 1;--> statement-breakpoint
CREATE TABLE `brand_voice_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`brand_kit_id` integer NOT NULL,
	`type` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`brand_kit_id`) REFERENCES `brand_kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brand_voice_notes_type` ON `brand_voice_notes` (`brand_kit_id`,`type`);--> statement-breakpoint
CREATE TABLE `campaign_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`properties` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaign_events_campaign` ON `campaign_events` (`campaign_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `campaign_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer NOT NULL,
	`channel` text,
	`position` integer NOT NULL,
	`publish_on` text,
	`title` text,
	`description` text,
	`body` text NOT NULL,
	`hashtags` text DEFAULT '[]' NOT NULL,
	`image_brief` text DEFAULT '' NOT NULL,
	`notes` text DEFAULT '[]' NOT NULL,
	`derived_from_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`approved_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`derived_from_id`) REFERENCES `campaign_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`approved_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaign_items_campaign` ON `campaign_items` (`campaign_id`,`position`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`brief` text NOT NULL,
	`goal` text DEFAULT '' NOT NULL,
	`starts_on` text,
	`ends_on` text,
	`channels` text NOT NULL,
	`strategy` text NOT NULL,
	`repurposing` text,
	`plan` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`brand_kit_id` integer,
	`source_article_id` integer,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_kit_id`) REFERENCES `brand_kits`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`source_article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_workspace` ON `campaigns` (`workspace_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `email_sequences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`brief` text NOT NULL,
	`emails` text NOT NULL,
	`brand_kit_id` integer,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_kit_id`) REFERENCES `brand_kits`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `email_sequences_workspace` ON `email_sequences` (`workspace_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `generation_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`user_id` integer,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`brand_kit_id` integer,
	`brief` text NOT NULL,
	`output` text DEFAULT '' NOT NULL,
	`notes` text DEFAULT '[]' NOT NULL,
	`source_ids` text DEFAULT '[]' NOT NULL,
	`error` text,
	`characters` integer DEFAULT 0 NOT NULL,
	`result_type` text,
	`result_id` integer,
	`started_at` integer,
	`finished_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`brand_kit_id`) REFERENCES `brand_kits`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `generation_jobs_workspace` ON `generation_jobs` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `generation_jobs_status` ON `generation_jobs` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `knowledge_passages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`source_id` integer NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_id`) REFERENCES `knowledge_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_passages_source` ON `knowledge_passages` (`source_id`,`position`);--> statement-breakpoint
CREATE TABLE `knowledge_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`url` text,
	`article_id` integer,
	`upload_id` integer,
	`characters` integer DEFAULT 0 NOT NULL,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `knowledge_sources_workspace` ON `knowledge_sources` (`workspace_id`,`created_at`);