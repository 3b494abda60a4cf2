-- Runs once, when the compose Postgres volume is first initialised (docker-entrypoint-initdb.d), as the
-- admin user. The same roles as Kubernetes (docs/operations/deploy.md "Database roles"): the migration role owns the
-- database and its schemas; each service role gets rows of its own schema only (granted by the migration
-- infra/db/migrations/1763900000121_service-roles.sql, and 1763900000401 for classes). Compose-only passwords,
-- like the other compose secrets.
CREATE ROLE mathgames_migrate LOGIN PASSWORD 'mathgames_migrate';
CREATE ROLE mathgames_auth LOGIN PASSWORD 'mathgames_auth';
CREATE ROLE mathgames_results LOGIN PASSWORD 'mathgames_results';
CREATE ROLE mathgames_badges LOGIN PASSWORD 'mathgames_badges';
CREATE ROLE mathgames_classes LOGIN PASSWORD 'mathgames_classes';
ALTER DATABASE mathgames OWNER TO mathgames_migrate;
REVOKE ALL ON DATABASE mathgames FROM PUBLIC;
GRANT CONNECT ON DATABASE mathgames TO mathgames_auth, mathgames_results, mathgames_badges, mathgames_classes;
