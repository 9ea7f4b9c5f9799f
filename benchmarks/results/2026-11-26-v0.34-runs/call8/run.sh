# v0.34 call 8 (H100, a fresh machine; calls 8a-8c carried bundle2's parts 0-2, this call
# part 3): quack installed as in call 6, then the side-by-side cells of calls 5-6 that read
# far under their earlier records (the same kernels: host dips?), each in two more
# processes: layer_norm 16-bit backward at 12288 / 131072 (59-63% in call 5),
# add_rms_norm bf16 backward at 5120 (82%), add_layer_norm fp16 backward at 16384 (73%
# in call 6); and the forwards where quack led (rms_norm / add_rms_norm 16-bit at
# 64K-256K) in two more processes.
export PYTHONUNBUFFERED=1
S=/tmp/site; W=/tmp/v34c8; B=/tmp/qparts/b; mkdir -p $S $W $B
pack() { tar czf $OUT/call8.tgz -C /tmp v34c8; }
cat /tmp/qparts/part.0* | tee >(md5sum >&2) | tar xf - -C $B || exit 1  # ada35729... here
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $S $B/*.whl 2>&1 | tail -3
xz -dc $B/cu13.tar.xz | tar xf - -C $S || exit 1
export PYTHONPATH=$PWD/src:$S:$S/nvidia_cutlass_dsl/dsl_packages
b() { out=$1; shift; timeout 120 python3 -m fusednorm.bench --suite rows --kind sweep --providers fusednorm,quack --out $W/$out "$@" > $W/$out.log 2>&1; grep -E "^rows " $W/$out.log | head -40; pack; }
for p in a b; do
  b ln_bwd_$p --op layer_norm --dtype bf16,fp16 --mode bwd --n 12288,131072
  b arms_bwd_$p --op add_rms_norm --dtype bf16 --mode bwd --n 5120
  b aln_bwd_$p --op add_layer_norm --dtype fp16 --mode bwd --n 16384
  b fwd_$p --op rms_norm,add_rms_norm --dtype bf16,fp16 --mode fwd --n 65536,131072,262144
done
echo SECONDS $SECONDS
