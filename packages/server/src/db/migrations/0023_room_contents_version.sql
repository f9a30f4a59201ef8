ALTER TABLE "rooms" ADD COLUMN "contents_version" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- A room's contents version moves whenever a row its documents list shows may have changed
-- (room-visitors/room-contents.ts): its room_documents, their workflow documents and recipients, the
-- cabinet files they open. Deleting a room deletes its room_documents too; the rooms row is gone by then
-- and the update below finds nothing.
CREATE FUNCTION touch_room_contents(p_rooms integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE rooms SET contents_version = gen_random_uuid() WHERE id = ANY(p_rooms);
$$;
--> statement-breakpoint
CREATE FUNCTION room_documents_touch_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM touch_room_contents(ARRAY[NEW.room_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM touch_room_contents(ARRAY[OLD.room_id]);
  ELSE
    PERFORM touch_room_contents(ARRAY[OLD.room_id, NEW.room_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_documents_touch_room AFTER INSERT OR UPDATE OR DELETE ON room_documents
  FOR EACH ROW EXECUTE FUNCTION room_documents_touch_room();
--> statement-breakpoint
CREATE FUNCTION documents_touch_rooms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_room_contents(ARRAY(SELECT room_id FROM room_documents WHERE document_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_touch_rooms AFTER UPDATE OF filename, status, signing_state, file_id, original_file_id
  ON documents FOR EACH ROW
  WHEN ((OLD.filename, OLD.status, OLD.signing_state, OLD.file_id, OLD.original_file_id)
    IS DISTINCT FROM (NEW.filename, NEW.status, NEW.signing_state, NEW.file_id, NEW.original_file_id))
  EXECUTE FUNCTION documents_touch_rooms();
--> statement-breakpoint
CREATE FUNCTION document_recipients_touch_rooms() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN ids := ids || OLD.document_id; END IF;
  IF TG_OP <> 'DELETE' THEN ids := ids || NEW.document_id; END IF;
  PERFORM touch_room_contents(ARRAY(SELECT room_id FROM room_documents WHERE document_id = ANY(ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_recipients_touch_rooms AFTER INSERT OR DELETE ON document_recipients
  FOR EACH ROW EXECUTE FUNCTION document_recipients_touch_rooms();
--> statement-breakpoint
CREATE TRIGGER document_recipients_update_touch_rooms AFTER UPDATE OF document_id, email, role, signed
  ON document_recipients FOR EACH ROW
  WHEN ((OLD.document_id, OLD.email, OLD.role, OLD.signed) IS DISTINCT FROM
    (NEW.document_id, NEW.email, NEW.role, NEW.signed))
  EXECUTE FUNCTION document_recipients_touch_rooms();
--> statement-breakpoint
CREATE FUNCTION files_touch_rooms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_room_contents(ARRAY(SELECT room_id FROM room_documents WHERE file_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER files_touch_rooms AFTER UPDATE OF filename ON files FOR EACH ROW
  WHEN (OLD.filename IS DISTINCT FROM NEW.filename)
  EXECUTE FUNCTION files_touch_rooms();
