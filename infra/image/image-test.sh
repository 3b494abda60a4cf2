#!/usr/bin/env bash
# `make image-test`: builds the image from ./Dockerfile with podman and runs the migrate Job and every Deployment of
# the rendered dev overlay as containers of it, under their pod specs, against this machine's Postgres, Redis and
# RabbitMQ, then a browser journey against them (docs/operations/image.md "The image"). Needs root (podman, debootstrap);
# installs what is missing. Exits non-zero on any failure. IMAGE names the tag built (localhost/mathgames/app:local).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF=$PWD/infra/image/containers.conf
export PATH=$PWD/node_modules/.bin:$PATH
export IMAGE=${IMAGE:-localhost/mathgames/app:local}

began=$SECONDS
step() { echo "== $1"; step_began=$SECONDS; }
took() { echo "-- $1: $((SECONDS - step_began)) s"; }

if [ "$(id -u)" != 0 ]; then
  echo "image-test: podman, debootstrap and chroot need root here (rootful podman; docs/operations/image.md)" >&2
  exit 1
fi
missing=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ "${IMAGE_TEST_RUNNER:-}" = compose ] && ! command -v podman-compose >/dev/null; then missing+=(podman-compose); fi
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  took install
fi

major=$(node -p 'process.versions.node.split(".")[0]')
export NODE_BASE_TAG=localhost/node:${major}-bookworm-slim
step "stand-in base $NODE_BASE_TAG"
infra/image/make-base.sh
took base

step "podman build $IMAGE"
build_log=$(mktemp)
podman build --network host --build-arg "NODE_IMAGE=$NODE_BASE_TAG" --target runtime -t "$IMAGE" . >"$build_log" 2>&1 ||
  { tail -n 60 "$build_log"; rm -f "$build_log"; exit 1; }
rm -f "$build_log"
took build

step "image size"
infra/image/image-size.sh "$IMAGE" "$NODE_BASE_TAG"
took size

step "containers and the browser journey"
npx vitest run --config infra/image/vitest.config.ts
took "containers and journey"
echo "== make image-test: $((SECONDS - began)) s"
