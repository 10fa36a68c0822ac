#!/bin/sh
# A PostgreSQL for the tests on this machine (Debian's postgresql package, run as root): starts a
# cluster (making one if there is none), makes the role `builder` and the database `builder_test`
# if they are missing, and prints the URL to give BUILDER_TEST_DB. Safe to run again: a cluster
# already running, the role and the database already there are left as they are.
# Usage: BUILDER_TEST_DB=$(sh tools/test-postgres.sh)
set -eu
[ "$(id -u)" = 0 ] || { echo "run as root (it starts a cluster as the postgres user)" >&2; exit 2; }
command -v pg_lsclusters >/dev/null || { echo "no postgresql-common: apt-get install postgresql" >&2; exit 2; }
first=$(pg_lsclusters --no-header | head -n 1)
if [ -z "$first" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  pg_createcluster "$version" main >&2
  first=$(pg_lsclusters --no-header | head -n 1)
fi
set -- $first  # version, cluster name, port, status, ...
version=$1 name=$2 port=$3
# Only the URL goes to stdout: whatever the cluster's tools say (a stale pid file removed, ...) goes
# to stderr, or it would end up inside BUILDER_TEST_DB.
case "$4" in online*) ;; *) pg_ctlcluster "$version" "$name" start >&2 ;; esac
as_postgres() { runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }
for _ in 1 2 3 4 5 6 7 8 9 10; do as_postgres -c "select 1" >/dev/null 2>&1 && break; sleep 1; done
[ -n "$(as_postgres -c "select 1 from pg_roles where rolname = 'builder'")" ] ||
  as_postgres -c "create role builder login password 'builder'" >/dev/null
[ -n "$(as_postgres -c "select 1 from pg_database where datname = 'builder_test'")" ] ||
  as_postgres -c "create database builder_test owner builder" >/dev/null
echo "postgresql://builder:builder@127.0.0.1:$port/builder_test"
