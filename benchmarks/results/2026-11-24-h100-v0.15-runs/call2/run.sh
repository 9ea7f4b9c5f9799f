# v0.15 call 2: the cooperative workspace reused per stream with serial tags
# (launch.coop_workspace) and the 4096 backward tile (2 rows, 8 warps, 1 per SM): GPU
# tests; host time of the groups backward, .old (538483e, before) and this tree
# alternated (trace_groups.py); bench groups backward and rows N = 4096 backward;
# sweep_coop at 5120 / 8192 with two rows a step.
export PYTHONUNBUFFERED=1
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
PYTHONPATH=$PWD/src timeout -s INT -k 10 170 python -m pytest -q -x -p no:cacheprovider tests/test_rownorm.py tests/test_launch.py > $W/pytest_rows.log 2>&1
tail -n 1 $W/pytest_rows.log; pack
PYTHONPATH=$PWD/src timeout -s INT -k 10 110 python -m pytest -q -x -p no:cacheprovider tests/test_groupnorm.py -k "cuda" > $W/pytest_gn.log 2>&1
tail -n 1 $W/pytest_gn.log; pack
for t in old new old2 new2; do
  src=$PWD/src; case $t in old*) src=$PWD/.old/src;; esac
  PYTHONPATH=$src:$PWD/benchmarks TRACE_DTYPE=bf16 TRACE_SHAPES="16x320x64x64;16x640x32x32;16x1280x16x16 cl;2x512x128x128" timeout -s INT -k 10 60 python benchmarks/trace_groups.py $W/trace_$t.json > $W/trace_$t.log 2>&1; pack
done
for t in old new; do
  src=$PWD/src; case $t in old*) src=$PWD/.old/src;; esac
  PYTHONPATH=$src timeout -s INT -k 5 60 python -m fusednorm.bench --suite groups --op group_norm --mode bwd --dtype bf16 --providers fusednorm,torch --out $W/g_$t > $W/g_$t.log 2>&1
  pack
done
PYTHONPATH=$PWD/src timeout -s INT -k 5 60 python -m fusednorm.bench --suite rows --op layer_norm,rms_norm,add_layer_norm,add_rms_norm --kind sweep --n 4096 --mode bwd --dtype bf16,fp32 --providers fusednorm,torch,compile --out $W/rows4096 > $W/rows4096.log 2>&1
pack
left=$((575 - SECONDS)); [ $left -gt 20 ] && PYTHONPATH=$PWD/src SWEEP_MODES=bwd SWEEP_N=5120,8192 SWEEP_BWD="default;t2/16/1;t2/8/1;t2/16/2" SWEEP_DTYPES=bf16 timeout -s INT -k 5 $left python benchmarks/sweep_coop.py $W/n5120.json > $W/n5120.log 2>&1
pack
grep -h "passed\|failed\|error" $W/pytest_*.log | tail -4
for t in old new old2 new2; do echo "== $t"; grep -v "^    \|^ *[0-9]* *[0-9.]* *[0-9.]* *[0-9.]* *[0-9.]* \|^$\|{\|ncalls\|Ordered\|List red" $W/trace_$t.log | cut -c1-160; done
for t in old new; do echo "== g_$t"; grep "G32" $W/g_$t/summary.md 2>/dev/null | cut -c1-100; done
grep -h "^| 32768x4096\|^## " $W/rows4096/summary.md | cut -c1-110
cut -c1-90 $W/n5120.log
