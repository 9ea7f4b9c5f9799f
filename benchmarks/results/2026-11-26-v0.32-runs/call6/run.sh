# v0.32 call 6 (H100): every GPU test of test_rownorm.py on the final split-path code
# (SPLIT_LONG), in three shards run side by side (ids.txt); then sweep_split.py with the
# library's defaults at 1.125M, 2M and 4M for the record.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c6; mkdir -p $W
D=benchmarks/results/2026-11-26-v0.32-runs/call6
pack() { tar czf $OUT/call6.tgz -C /tmp v32c6; }
git log -1 --format=%h > $W/commit.txt 2>/dev/null
mapfile -t IDS < $D/ids.txt
n=${#IDS[@]}; k=$(( (n + 2) / 3 ))
for s in 0 1 2; do
  timeout 420 python -m pytest -q -m gpu "${IDS[@]:$((s * k)):$k}" > $W/pytest$s.log 2>&1 &
done
wait; pack; echo TESTS $SECONDS
for s in 0 1 2; do tail -2 $W/pytest$s.log; done
sp() { # tag modes dtypes res N timeout
  env SPLIT_MODES=$2 SPLIT_DTYPES=$3 SPLIT_RES=$4 SPLIT_N=$5 SPLIT_VARIANTS=default timeout $6 \
    python benchmarks/sweep_split.py $W/$1.json > $W/$1.log 2>&1
}
sp d0 fwd,bwd bf16,fp32 0 1179648,2097152,4194304 80; pack
sp d1 fwd,bwd bf16,fp32 1 1179648,2097152,4194304 80; pack
for f in d0 d1; do grep -E "N=|FAILED" $W/$f.log; done
echo SECONDS $SECONDS
