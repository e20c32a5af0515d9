#!/usr/bin/env bash
# Creates the PostgreSQL role and database of the campaign tracker. Idempotent: run it again and it changes nothing
# (except the role's password, when one is given). Run it as a PostgreSQL administrator, for example:
#
#   sudo -u postgres TRACKER_DB_PASSWORD='choose-one' bash docs/production/create-database.sh
#
# TRACKER_DB_NAME      database to create (default: tracker)
# TRACKER_DB_USER      login role that owns it (default: tracker)
# TRACKER_DB_PASSWORD  the role's password; required when the role does not exist yet
# PGHOST, PGPORT, PGUSER ...  where and as whom psql connects (libpq's variables; default: the local socket)
#
# The tracker creates its tables itself at its first start (Flyway migrations); the role needs no other right.
set -euo pipefail

db=${TRACKER_DB_NAME:-tracker}
user=${TRACKER_DB_USER:-tracker}
password=${TRACKER_DB_PASSWORD:-}

psql_admin() {
  psql -X -q -v ON_ERROR_STOP=1 -d "${PGDATABASE:-postgres}" "$@"
}

role_exists=$(psql_admin -tA -v user="$user" <<'SQL'
select count(*) from pg_roles where rolname = :'user';
SQL
)
if [ "$role_exists" = "0" ] && [ -z "$password" ]; then
  echo "create-database: the role '$user' does not exist; set TRACKER_DB_PASSWORD to create it" >&2
  exit 2
fi

# values reach SQL only as psql variables, quoted by psql (:'value' as a literal, :"value" as an identifier)
psql_admin -v user="$user" -v password="$password" -v db="$db" <<'SQL'
select format('create role %I login password %L', :'user', :'password')
 where not exists (select 1 from pg_roles where rolname = :'user') \gexec
select format('alter role %I login password %L', :'user', :'password')
 where :'password' <> '' and exists (select 1 from pg_roles where rolname = :'user') \gexec
select format('create database %I owner %I encoding %L template template0', :'db', :'user', 'UTF8')
 where not exists (select 1 from pg_database where datname = :'db') \gexec
select format('revoke all on database %I from public', :'db') \gexec
select format('grant connect, temporary on database %I to %I', :'db', :'user') \gexec
SQL

echo "create-database: role '$user' and database '$db' are ready"
