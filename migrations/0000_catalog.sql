CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text
);
--> statement-breakpoint
CREATE TABLE `dead_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`queue` text NOT NULL,
	`message_id` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dead_letters_queue_message_idx` ON `dead_letters` (`queue`,`message_id`);--> statement-breakpoint
CREATE TABLE `environment_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`version` text NOT NULL,
	`version_key` text NOT NULL,
	`content_hash` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`domain` text NOT NULL,
	`subdomain` text NOT NULL,
	`provenance` text NOT NULL,
	`schema_sql` text NOT NULL,
	`seed_key` text,
	`seed_inline` text,
	`table_count` integer NOT NULL,
	`row_count` integer NOT NULL,
	`tool_count` integer NOT NULL,
	`published_at` text NOT NULL,
	FOREIGN KEY (`name`) REFERENCES `environments`(`name`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `environment_versions_content_hash_unique` ON `environment_versions` (`content_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `environment_versions_name_version_idx` ON `environment_versions` (`name`,`version`);--> statement-breakpoint
CREATE INDEX `environment_versions_order_idx` ON `environment_versions` (`name`,`version_key`);--> statement-breakpoint
CREATE TABLE `environments` (
	`name` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`domain` text NOT NULL,
	`subdomain` text NOT NULL,
	`latest_version` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `environments_category_idx` ON `environments` (`domain`,`subdomain`,`name`);--> statement-breakpoint
CREATE TABLE `tool_test_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version_id` text NOT NULL,
	`tool` text NOT NULL,
	`test_name` text NOT NULL,
	`passed` integer NOT NULL,
	`fuel` integer NOT NULL,
	`detail` text,
	FOREIGN KEY (`version_id`) REFERENCES `environment_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_test_results_version_idx` ON `tool_test_results` (`version_id`,`tool`);--> statement-breakpoint
CREATE TABLE `tools` (
	`version_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`input_schema` text NOT NULL,
	`output_schema` text,
	`effect` text NOT NULL,
	`implementation` text NOT NULL,
	`tests` text NOT NULL,
	PRIMARY KEY(`version_id`, `name`),
	FOREIGN KEY (`version_id`) REFERENCES `environment_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
