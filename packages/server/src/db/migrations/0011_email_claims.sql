CREATE TABLE "email_claims" (
	"address" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "bound_account_id" integer;--> statement-breakpoint
ALTER TABLE "email_claims" ADD CONSTRAINT "email_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_claims_user_idx" ON "email_claims" USING btree ("user_id");--> statement-breakpoint
-- Claims an address for a user; the same user may claim it again, another one may not (SQLSTATE 23505
-- on email_claims_pkey, which the server answers with 409). ON CONFLICT waits for a concurrent claim of
-- the same address to commit, so two transactions cannot both win.
CREATE FUNCTION claim_email(p_address text, p_user integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_claims (address, user_id) VALUES (lower(p_address), p_user)
  ON CONFLICT (address) DO UPDATE SET user_id = excluded.user_id
  WHERE email_claims.user_id = excluded.user_id;
  IF NOT FOUND THEN
    RAISE unique_violation USING
      MESSAGE = format('email address %s is already in use', p_address),
      CONSTRAINT = 'email_claims_pkey', TABLE = 'email_claims';
  END IF;
END $$;
--> statement-breakpoint
-- Frees an address once neither the user's primary address nor any of their extra ones is it.
CREATE FUNCTION release_email(p_address text, p_user integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM email_claims c
  WHERE c.address = lower(p_address) AND c.user_id = p_user
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p_user AND lower(u.email) = lower(p_address))
    AND NOT EXISTS (SELECT 1 FROM authenticators a WHERE a.user_id = p_user AND lower(a.value) = lower(p_address));
$$;
--> statement-breakpoint
CREATE FUNCTION users_claim_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM claim_email(NEW.email, NEW.id);
  ELSIF lower(NEW.email) <> lower(OLD.email) THEN
    PERFORM claim_email(NEW.email, NEW.id);
    PERFORM release_email(OLD.email, OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_claim_email AFTER INSERT OR UPDATE OF email ON users
  FOR EACH ROW EXECUTE FUNCTION users_claim_email();
--> statement-breakpoint
CREATE FUNCTION authenticators_claim_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM claim_email(NEW.value, NEW.user_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM release_email(OLD.value, OLD.user_id);
  ELSIF lower(NEW.value) <> lower(OLD.value) OR NEW.user_id <> OLD.user_id THEN
    PERFORM claim_email(NEW.value, NEW.user_id);
    PERFORM release_email(OLD.value, OLD.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER authenticators_claim_email AFTER INSERT OR UPDATE OF value, user_id OR DELETE ON authenticators
  FOR EACH ROW EXECUTE FUNCTION authenticators_claim_email();
--> statement-breakpoint
-- Addresses already in use; where two users hold one (the gap this closes), the primary address wins.
INSERT INTO email_claims (address, user_id) SELECT lower(email), id FROM users ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO email_claims (address, user_id) SELECT lower(value), user_id FROM authenticators ON CONFLICT DO NOTHING;
