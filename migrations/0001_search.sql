-- Full-text search over the latest version of each environment (name, title, description,
-- category, tool names). Hand-written because drizzle-kit does not emit virtual tables; the rows
-- are kept in step by insertPublishedVersion (workers/catalog/version-repository.ts).
CREATE VIRTUAL TABLE `environments_fts` USING fts5(
	`name`,
	`title`,
	`description`,
	`category`,
	`tools`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
