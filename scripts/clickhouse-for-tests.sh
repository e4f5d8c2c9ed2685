#!/usr/bin/env bash
# Starts a ClickHouse server for the tests, from Debian's clickhouse-server (18.16), on ports of its own (HTTP 18123,
# native 19000) with its files in a temporary folder, unless one already answers there. It knows a one-shard,
# one-replica cluster `tabula_test`, whose distributed DDL and replicated tables need ZooKeeper: Debian's zookeeper
# is started beside it on port 12181. Installs the packages that are missing. Its files go in a folder of $TMPDIR
# (/tmp by default); with CLICKHOUSE_TEST_STATE set, that folder and the two processes' ids are written to that file,
# for whoever started it to stop it (kill both, remove the folder).
set -euo pipefail
http_port="${CLICKHOUSE_TEST_HTTP_PORT:-18123}"
tcp_port="${CLICKHOUSE_TEST_TCP_PORT:-19000}"
zookeeper_port="${CLICKHOUSE_TEST_ZOOKEEPER_PORT:-12181}"
if curl -sf "http://127.0.0.1:${http_port}/ping" >/dev/null; then exit 0; fi

missing=()
command -v clickhouse-server >/dev/null || missing+=(clickhouse-server)
[ -f /usr/share/java/zookeeper.jar ] || missing+=(zookeeper)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing ${missing[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

dir="$(mktemp -d -t tabula-clickhouse-XXXXXX)"
mkdir -p "$dir/zookeeper" "$dir/etc/config.d" "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/format_schemas"

cat >"$dir/zoo.cfg" <<CFG
tickTime=2000
dataDir=$dir/zookeeper
clientPort=$zookeeper_port
clientPortAddress=127.0.0.1
admin.enableServer=false
CFG
java -cp /usr/share/java/zookeeper.jar org.apache.zookeeper.server.ZooKeeperServerMain "$dir/zoo.cfg" \
  >"$dir/zookeeper.log" 2>&1 &
zookeeper_pid=$!

# The packaged configuration, with the test cluster, its ZooKeeper and this replica's macros merged in.
cp /etc/clickhouse-server/config.xml /etc/clickhouse-server/users.xml "$dir/etc/"
cat >"$dir/etc/config.d/tabula-test-cluster.xml" <<XML
<yandex>
  <zookeeper><node><host>127.0.0.1</host><port>$zookeeper_port</port></node></zookeeper>
  <remote_servers>
    <tabula_test><shard><internal_replication>true</internal_replication><replica><host>127.0.0.1</host><port>$tcp_port</port></replica></shard></tabula_test>
  </remote_servers>
  <macros><shard>01</shard><replica>replica_1</replica></macros>
</yandex>
XML
clickhouse-server --config-file="$dir/etc/config.xml" -- \
  --http_port="$http_port" --tcp_port="$tcp_port" \
  --interserver_http_port="${CLICKHOUSE_TEST_INTERSERVER_PORT:-19009}" --listen_host=127.0.0.1 \
  --path="$dir/data/" --tmp_path="$dir/tmp/" --user_files_path="$dir/user_files/" \
  --format_schema_path="$dir/format_schemas/" --logger.log="$dir/server.log" --logger.errorlog="$dir/error.log" \
  >"$dir/stdout.log" 2>&1 &
clickhouse_pid=$!
if [ -n "${CLICKHOUSE_TEST_STATE:-}" ]; then
  printf '%s\n%s\n%s\n' "$dir" "$clickhouse_pid" "$zookeeper_pid" >"$CLICKHOUSE_TEST_STATE"
fi
for _ in $(seq 1 60); do
  curl -sf "http://127.0.0.1:${http_port}/ping" >/dev/null && { echo "ClickHouse answers on port ${http_port}"; exit 0; }
  sleep 1
done
echo "ClickHouse did not start; its log:" >&2
tail -n 50 "$dir/error.log" "$dir/stdout.log" "$dir/zookeeper.log" >&2 || true
exit 1
