-- The team workspace: what an IT administrator runs once on the PostgreSQL server (docs/architecture.md, "Team
-- workspace"). Replace license_desk (the database), alice and 'choose-a-password' (one block per person).
-- The app creates and migrates its own tables in schema desk; nobody needs more rights than below.

-- [server] As a superuser (psql -U postgres), once per server:
DO $$ BEGIN CREATE ROLE license_desk_team NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
CREATE DATABASE license_desk;
REVOKE ALL ON DATABASE license_desk FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE license_desk TO license_desk_team;

-- [database] Still as a superuser, connected to the new database (\c license_desk):
REVOKE ALL ON SCHEMA public FROM PUBLIC;
CREATE SCHEMA desk AUTHORIZATION license_desk_team;

-- [person] One login role per person (repeat for each; ALTER ROLE alice NOLOGIN locks someone out):
CREATE ROLE alice LOGIN PASSWORD 'choose-a-password' IN ROLE license_desk_team;
