#!/bin/bash
# Pack quack 0.6.5 and its CuTe DSL for the device tool, which carries at most 64 MiB a call
# with the tree (about 40 MiB): the DSL's library wheel alone is 88 MB. Here (a machine
# where pip reaches an index): download the wheels for CPython 3.12 / x86-64 (the device's
# python), unpack the cu13 libraries wheel into an xz'd tar (61 MB), tar everything and
# split it into PARTS pieces, one per ignored folder .qk1 .. .qkPARTS of the repo root.
# Then, on one warm device machine, call after call (each within its 30 s warm window):
#   run(carry=[".qk1"], "mkdir -p /tmp/qparts && cp .qk1/* /tmp/qparts/")  ... up to PARTS,
# the last call also running `source benchmarks/quack_install.sh` and then the work.
# NOTES v0.34 and results/2026-11-26-v0.34-runs/README.md tell how it went.
#     bash benchmarks/quack_bundle.sh [PARTS=4]
set -euo pipefail
PARTS=${1:-4}
ROOT=$(git rev-parse --show-toplevel)
T=$(mktemp -d)
plat="--platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 --platform manylinux_2_24_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64"
for w in quack-kernels==0.6.5 nvidia-cutlass-dsl==4.7.0 nvidia-cutlass-dsl-libs-base==4.7.0 \
         nvidia-cutlass-dsl-libs-core==4.7.0 nvidia-cutlass-dsl-libs-cu13==4.7.0 \
         "apache-tvm-ffi<0.2,>=0.1.6" torch-c-dlpack-ext "nvidia-cuda-nvdisasm<14,>=13.3" \
         "protobuf<7,>=6.30.2"; do
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation cp $plat -d "$T/w" "$w"
done
mkdir -p "$T/b" "$T/libs"
(cd "$T/libs" && unzip -q "$T"/w/nvidia_cutlass_dsl_libs_cu13-*.whl)
tar cf - -C "$T/libs" . | xz -9e -T0 > "$T/b/cu13.tar.xz"
cp "$T"/w/*.whl "$T/b/" && rm "$T"/b/nvidia_cutlass_dsl_libs_cu13-*.whl
tar cf "$T/bundle.tar" -C "$T/b" .
md5sum "$T/bundle.tar"
split -n "$PARTS" -d "$T/bundle.tar" "$T/part."
for i in $(seq 1 "$PARTS"); do
  d="$ROOT/.qk$i"; rm -rf "$d"; mkdir -p "$d"
  mv "$T/part.$(printf %02d $((i - 1)))" "$d/"
  grep -qx "/.qk$i/" "$ROOT/.git/info/exclude" 2>/dev/null || echo "/.qk$i/" >> "$ROOT/.git/info/exclude"
done
ls -la "$ROOT"/.qk*/
rm -rf "$T"
