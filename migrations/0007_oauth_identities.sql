CREATE TABLE `oauth_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` integer NOT NULL,
	`email` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_identities_issuer_subject` ON `oauth_identities` (`issuer`,`subject`);--> statement-breakpoint
CREATE INDEX `oauth_identities_user` ON `oauth_identities` (`user_id`);