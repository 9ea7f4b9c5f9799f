# v0.15 call 1: tile-path configs of the row-norm backward where the v0.13 full run read
# below 90% at N <= 8192 (256 fp32, 512, 4096 with dh, 5120), GPU time (sweep_coop.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
sw() {  # name, N, configs, extra env
  local name=$1 n=$2 cfgs=$3; shift 3
  left=$((575 - SECONDS)); [ $left -lt 20 ] && return
  env "$@" SWEEP_MODES=bwd SWEEP_N=$n SWEEP_BWD="$cfgs" timeout -s INT -k 5 $left \
    python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1
  pack
}
sw n5120 5120 "default;t1/8/2;t1/4/2;t1/4/4;t1/16/1;1024/4/4;1024/2/8;2048/4/4;2048/8/2"
sw n5120r 5120 "default;t1/8/2;t1/4/2;t1/4/4;t1/16/1;1024/4/4;2048/4/4" SWEEP_RES=1
sw n256 256 "default;t16/4/4;t8/4/4;t32/4/2;t16/8/2;t8/2/8;t32/8/2"
sw n512 512 "default;t8/4/4;t16/4/2;t4/4/4;t8/8/2;t16/8/2"
sw n4096r 4096 "default;t1/8/1;t1/4/4;t1/4/2;t1/16/1;t2/8/1" SWEEP_RES=1
sw n4096 4096 "default;t1/8/1;t1/4/4;t1/4/2;t1/16/1;t2/8/1"
pack
for f in $W/*.log; do echo "== $f"; cut -c1-90 $f; done
