#!/bin/sh
# A Sentinel watching the Redis master "casino" (two of three must agree it is down). It
# rewrites its own configuration as it learns, so it starts from a copy.
set -eu
cat > /data/sentinel.conf <<CONF
port 26379
sentinel resolve-hostnames yes
sentinel monitor casino redis 6379 2
sentinel down-after-milliseconds casino 5000
sentinel failover-timeout casino 60000
CONF
exec redis-server /data/sentinel.conf --sentinel
