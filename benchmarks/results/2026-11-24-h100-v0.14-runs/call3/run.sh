# v0.14 call 3: the eager GroupNorm backward's cached plan (ops/groupnorm.py) on the GPU:
# GroupNorm GPU tests; trace_groups.py (graph / call / host / trace / cProfile); the bench's
# groups backward (bf16, group_norm, fusednorm and torch) with .old (79e3716, before the
# plan) and this tree alternated.
export PYTHONUNBUFFERED=1
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
PYTHONPATH=$PWD/src timeout -s INT -k 10 150 python -m pytest -q -x -p no:cacheprovider tests/test_groupnorm.py -k "cuda" > $W/pytest.log 2>&1
tail -n 1 $W/pytest.log; pack
PYTHONPATH=$PWD/src TRACE_DTYPE=bf16 TRACE_SHAPES="16x320x64x64;16x1280x16x16;16x1280x16x16 cl;2x512x128x128" timeout -s INT -k 10 120 python benchmarks/trace_groups.py $W/trace_groups.json > $W/trace_groups.log 2>&1; pack
for t in old new old2 new2; do
  src=$PWD/src; case $t in old*) src=$PWD/.old/src;; esac
  left=$(( (575 - SECONDS) / 2 )); [ $left -gt 75 ] && left=75; [ $left -lt 20 ] && break
  PYTHONPATH=$src timeout -s INT -k 5 $left python -m fusednorm.bench --suite groups --op group_norm --mode bwd --dtype bf16 --providers fusednorm,torch --out $W/g_$t > $W/g_$t.log 2>&1
  pack
done
grep -v "^    \|^ *[0-9]* *[0-9.]* *[0-9.]* *[0-9.]* *[0-9.]* \|^$" $W/trace_groups.log | cut -c1-200
for t in old new old2 new2; do echo $t; grep "G32" $W/g_$t/summary.md 2>/dev/null | cut -c1-100; done
