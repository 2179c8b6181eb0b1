-- Notifications that open their subject, arrive live and reach the phone (issue 16).

-- link: the screen the notification opens (a route path without the /app prefix, e.g. /orders/online-orders/<id>);
-- NULL for notices with nothing to open. pushed_at: when the push dispatcher claimed it (NULL: waiting), so a
-- notification is pushed once however many API processes run. Older rows count as pushed.
ALTER TABLE notifications ADD COLUMN link text;
ALTER TABLE notifications ADD COLUMN pushed_at timestamptz;
UPDATE notifications SET pushed_at = created_at;
CREATE INDEX notifications_waiting_push ON notifications (created_at) WHERE pushed_at IS NULL;
CREATE INDEX notifications_unread ON notifications (unit_id, created_at DESC) WHERE read_at IS NULL;

-- Every API process follows change_log (db/change-feed.ts); the live channel tells a unit's open tabs when its
-- notifications change (new, or read elsewhere). Key: the unit.
CREATE TRIGGER notifications_log_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('notification', 'unit_id');
-- Updates count only when read state changes: the push dispatcher's claim (pushed_at) changes nothing a screen shows.
CREATE FUNCTION log_notification_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (topic, key)
    SELECT DISTINCT 'notification', n.unit_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.read_at IS DISTINCT FROM n.read_at;
  RETURN NULL;
END
$$;
CREATE TRIGGER notifications_log_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_notification_reads();

-- CART reminders: once per change of an unsubmitted cart (reminded_at >= updated_at means this state was reminded).
ALTER TABLE carts ADD COLUMN reminded_at timestamptz;

-- STORE_CLOSED: a seller marks a warehouse closed until a date (inclusive), with a note its buyers see.
ALTER TABLE warehouses ADD COLUMN closed_until date;
ALTER TABLE warehouses ADD COLUMN closed_note text;
