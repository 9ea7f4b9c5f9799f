# v0.15 call 4: two tiles per row on the tile path (rownorm._tile_blocks: 5120 = 4096 +
# 1024, 12288 = 8192 + 4096, ...) and the groups backward's fold in parallel (group path:
# each group's last program; rows path: a larger tile): GPU tests (row norms, GroupNorm);
# sweep_coop.py, GPU time, the library's two-tile configs (t) against one padded tile (T,
# the v0.14 configs) and neighbours; host_ab_groups.py (3 rounds) for the fold's GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
timeout -s INT -k 10 100 python -m pytest -q -x -p no:cacheprovider tests/test_rownorm.py -k "sizes or residual or dtype or weight or tile or graph or stale" > $W/pytest.log 2>&1
tail -n 1 $W/pytest.log; pack
timeout -s INT -k 10 170 python -m pytest -q -x -p no:cacheprovider tests/test_groupnorm.py -k "cuda" > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
AB_ROUNDS=3 AB_SHAPES="16x320x64x64;16x640x32x32;16x1280x16x16;16x1280x16x16 cl;2x512x128x128" timeout -s INT -k 10 80 python benchmarks/host_ab_groups.py $W/host_ab.json > $W/host_ab.log 2>&1; pack
sw() {  # name, mode, N, configs, extra env
  local name=$1 mode=$2 n=$3 cfgs=$4; shift 4
  left=$((575 - SECONDS)); [ $left -lt 20 ] && return
  [ $left -gt 120 ] && left=120
  if [ $mode = bwd ]; then
    env "$@" SWEEP_MODES=bwd SWEEP_N=$n SWEEP_BWD="$cfgs" timeout -s INT -k 5 $left python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1
  else
    env "$@" SWEEP_MODES=fwd SWEEP_N=$n SWEEP_FWD="$cfgs" timeout -s INT -k 5 $left python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1
  fi
  pack
}
sw bwd5120 bwd 5120 "T1/8/1;default;t1/8/2;t1/4/2;t1/16/1;t2/8/1"
sw fwd fwd 5120,12288 "T1/8/1;T1/16/1;default;t1/4/1;t1/8/1;t1/16/1"
sw bwd5120r bwd 5120 "T1/8/1;default;t1/8/2;t1/16/1;t2/8/1" SWEEP_RES=1
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -3
grep -v "^round" $W/host_ab.log | cut -c1-250
for f in $W/[bf]*.log; do echo "== $f"; cut -c1-100 $f; done
