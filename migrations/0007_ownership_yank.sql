PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_policies` (
	`name` text NOT NULL,
	`owner_key_id` text NOT NULL,
	`kind` text NOT NULL,
	`base_url` text NOT NULL,
	`model` text NOT NULL,
	`api_key_cipher` text,
	`api_key_hint` text,
	`options` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`owner_key_id`, `name`)
);
--> statement-breakpoint
INSERT INTO `__new_policies`("name", "owner_key_id", "kind", "base_url", "model", "api_key_cipher", "api_key_hint", "options", "created_at", "updated_at") SELECT "name", "owner_key_id", "kind", "base_url", "model", "api_key_cipher", "api_key_hint", "options", "created_at", "updated_at" FROM `policies`;--> statement-breakpoint
DROP TABLE `policies`;--> statement-breakpoint
ALTER TABLE `__new_policies` RENAME TO `policies`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `environment_versions` ADD `published_by` text;--> statement-breakpoint
ALTER TABLE `environment_versions` ADD `yanked_at` text;--> statement-breakpoint
ALTER TABLE `environments` ADD `owner_key_id` text;--> statement-breakpoint
-- Hand-added backfill: a version a discovery job published was published by the key that queued
-- the job; an environment belongs to whoever published its first version. Versions published
-- directly before publishers were kept stay unknown, so their environments stay admin-only.
UPDATE `environment_versions` SET `published_by` = (
	SELECT j.`created_by` FROM `import_jobs` j
	WHERE j.`status` = 'published' AND j.`environment` = `environment_versions`.`id`
	ORDER BY j.`created_at` LIMIT 1
) WHERE `published_by` IS NULL;--> statement-breakpoint
UPDATE `environments` SET `owner_key_id` = (
	SELECT v.`published_by` FROM `environment_versions` v
	WHERE v.`name` = `environments`.`name`
	ORDER BY v.`published_at`, v.`version_key` LIMIT 1
) WHERE `owner_key_id` IS NULL;
