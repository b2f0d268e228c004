ALTER TABLE `environment_versions` ADD `structure_hash` text;--> statement-breakpoint
CREATE INDEX `environment_versions_structure_idx` ON `environment_versions` (`structure_hash`);