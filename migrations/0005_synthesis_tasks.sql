CREATE TABLE `synthesis_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_key_id` text NOT NULL,
	`environment_name` text NOT NULL,
	`environment_version` text NOT NULL,
	`content_hash` text NOT NULL,
	`request` text NOT NULL,
	`status` text NOT NULL,
	`shards_total` integer NOT NULL,
	`shards_done` integer DEFAULT 0 NOT NULL,
	`shards_failed` integer DEFAULT 0 NOT NULL,
	`kept` integer DEFAULT 0 NOT NULL,
	`shard_errors` text,
	`report` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `synthesis_jobs_created_idx` ON `synthesis_jobs` (`created_at`);--> statement-breakpoint
CREATE TABLE `synthesis_shards` (
	`job_id` text NOT NULL,
	`shard` integer NOT NULL,
	`status` text NOT NULL,
	`kept` integer NOT NULL,
	`report` text,
	`error` text,
	`finished_at` text NOT NULL,
	PRIMARY KEY(`job_id`, `shard`),
	FOREIGN KEY (`job_id`) REFERENCES `synthesis_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`environment_name` text NOT NULL,
	`environment_version` text NOT NULL,
	`content_hash` text NOT NULL,
	`kind` text NOT NULL,
	`level` text NOT NULL,
	`chain_length` integer NOT NULL,
	`writes` integer NOT NULL,
	`instruction` text NOT NULL,
	`job_id` text,
	`shard` integer,
	`dedupe_key` text NOT NULL,
	`body` text,
	`body_r2_key` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tasks_dedupe_idx` ON `tasks` (`content_hash`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `tasks_created_idx` ON `tasks` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tasks_environment_idx` ON `tasks` (`environment_name`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tasks_job_idx` ON `tasks` (`job_id`,`shard`);