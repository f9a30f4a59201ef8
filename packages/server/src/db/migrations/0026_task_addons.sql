-- The add-ons of a task its workspace chose to buy with it (keys of the task template's add-ons). An
-- add-on is offered, never charged by default: it is priced and charged only once chosen.
ALTER TABLE "tasks" ADD COLUMN "chosen_addons" text[] DEFAULT '{}'::text[] NOT NULL;
