CREATE TABLE "room_contents" (
	"room_id" integer PRIMARY KEY NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_contents" ADD CONSTRAINT "room_contents_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every room has its contents version (room-visitors/room-contents.ts), made with the room.
INSERT INTO room_contents (room_id) SELECT id FROM rooms;
--> statement-breakpoint
CREATE FUNCTION rooms_make_contents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_contents (room_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rooms_make_contents AFTER INSERT ON rooms FOR EACH ROW EXECUTE FUNCTION rooms_make_contents();
--> statement-breakpoint
-- A room's contents version moves whenever a row its documents list shows may have changed: its
-- room_documents, their workflow documents and recipients, the cabinet files they open. A room being
-- deleted takes its row along; the update then finds nothing.
CREATE FUNCTION touch_room_contents(p_rooms integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE room_contents SET version = gen_random_uuid() WHERE room_id = ANY(p_rooms);
$$;
--> statement-breakpoint
-- The triggers below find a document's or a file's rooms in room_documents, which cannot see a row
-- another transaction added and has not committed. So a room_documents row that starts naming a document
-- or a file holds it FOR SHARE until its transaction ends: a concurrent change of that document (its
-- recipients' trigger takes it FOR NO KEY UPDATE) or file either commits first, and the room is touched
-- after it, or waits, and then finds the room.
CREATE FUNCTION room_documents_touch_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.document_id IS DISTINCT FROM OLD.document_id) THEN
    PERFORM 1 FROM documents WHERE id = NEW.document_id FOR SHARE;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.file_id IS DISTINCT FROM OLD.file_id) THEN
    PERFORM 1 FROM files WHERE id = NEW.file_id FOR SHARE;
  END IF;
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
  -- Waits for a room_documents row being added with the document (see above), then sees it.
  PERFORM 1 FROM documents WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
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
