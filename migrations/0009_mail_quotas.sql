CREATE TABLE `mail_quotas` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `mail_quotas_window` ON `mail_quotas` (`window_start`);