-- Full-text search over the workspace's knowledge ("brain"): an FTS5 index of passages
-- (external content: the text lives in `knowledge_passages`; triggers keep it in step).
-- drizzle-kit does not model virtual tables, so this migration is written by hand.
CREATE VIRTUAL TABLE `knowledge_fts` USING fts5(
  text,
  content = 'knowledge_passages',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `knowledge_fts_insert` AFTER INSERT ON `knowledge_passages` BEGIN
  INSERT INTO knowledge_fts(rowid, text) VALUES (new.id, new.text);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_fts_delete` AFTER DELETE ON `knowledge_passages` BEGIN
  INSERT INTO knowledge_fts(knowledge_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_fts_update` AFTER UPDATE OF text ON `knowledge_passages` BEGIN
  INSERT INTO knowledge_fts(knowledge_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO knowledge_fts(rowid, text) VALUES (new.id, new.text);
END;
