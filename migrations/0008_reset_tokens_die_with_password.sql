-- A password reset link proves control of the mailbox at the moment it was sent; once the
-- password changes (reset, change, invitation, any later path) every outstanding link for
-- that account stops working. A trigger, so no code path that writes password_hash can forget.
-- drizzle-kit does not model triggers, so this migration is written by hand.
CREATE TRIGGER `users_password_change_expires_reset_tokens`
AFTER UPDATE OF `password_hash` ON `users`
WHEN OLD.`password_hash` IS NOT NEW.`password_hash`
BEGIN
  UPDATE `user_tokens` SET `used_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `user_id` = NEW.`id` AND `kind` = 'password_reset' AND `used_at` IS NULL;
END;
