-- Full-text search over documents: an FTS5 index of titles and bodies (external content:
-- the text lives in `articles`; triggers keep the index in step). drizzle-kit does not model
-- virtual tables, so this migration is written by hand.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
  title,
  body_text,
  content = 'articles',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_insert` AFTER INSERT ON `articles` BEGIN
  INSERT INTO articles_fts(rowid, title, body_text) VALUES (new.id, new.title, new.body_text);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_delete` AFTER DELETE ON `articles` BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, body_text) VALUES ('delete', old.id, old.title, old.body_text);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_update` AFTER UPDATE OF title, body_text ON `articles` BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, body_text) VALUES ('delete', old.id, old.title, old.body_text);
  INSERT INTO articles_fts(rowid, title, body_text) VALUES (new.id, new.title, new.body_text);
END;
