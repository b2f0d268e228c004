CREATE TABLE `policies` (
	`name` text PRIMARY KEY NOT NULL,
	`owner_key_id` text NOT NULL,
	`kind` text NOT NULL,
	`base_url` text NOT NULL,
	`model` text NOT NULL,
	`api_key_cipher` text,
	`api_key_hint` text,
	`options` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rollout_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_key_id` text NOT NULL,
	`policy_name` text NOT NULL,
	`policy` text NOT NULL,
	`request` text NOT NULL,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`group_size` integer NOT NULL,
	`max_concurrency` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `rollout_batches_owner_idx` ON `rollout_batches` (`owner_key_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `rollouts` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`task_id` text NOT NULL,
	`environment_name` text NOT NULL,
	`task_kind` text NOT NULL,
	`sample` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` text,
	`episode_id` text,
	`reward` real,
	`passed` integer,
	`finish_reason` text,
	`turns` integer,
	`tool_calls` integer,
	`prompt_tokens` integer,
	`completion_tokens` integer,
	`model_ms` real,
	`overhead_ms` real,
	`total_ms` real,
	`error` text,
	`trajectory_key` text,
	`queued_at` text NOT NULL,
	`started_at` text,
	`finished_at` text,
	FOREIGN KEY (`batch_id`) REFERENCES `rollout_batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rollouts_sample_idx` ON `rollouts` (`batch_id`,`task_id`,`sample`);--> statement-breakpoint
CREATE INDEX `rollouts_batch_status_idx` ON `rollouts` (`batch_id`,`status`);--> statement-breakpoint
CREATE INDEX `rollouts_batch_id_idx` ON `rollouts` (`batch_id`,`id`);