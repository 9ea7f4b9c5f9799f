# v0.30 call 7 (H100): a) diag_place.py: GPU time of one launch with the output placed at
# offsets of 0-16 MiB in one allocation (the cells that read two levels between runs);
# b) the bench as called, fusednorm alone, rows sweep, backward, every op and dtype, on the
# final tables, one process per op.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv > $W/gpu.txt
timeout 150 python benchmarks/diag_place.py $W/place.json > $W/place.log 2>&1; pack
echo PLACE $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --mode bwd --providers fusednorm"
for op in layer_norm rms_norm add_layer_norm add_rms_norm; do
  timeout -s INT 95 $B --op $op --out $W/b_$op > $W/b_$op.log 2>&1
  rm -f $W/b_$op/*.png; pack; echo $op $SECONDS
done
cat $W/place.log
for d in $W/b_*/; do echo "== $d"; grep -E "^rows" ${d%/}.log | awk '{print $2,$3,$5,$10}' | tr '\n' ';'; echo; done
echo SECONDS $SECONDS
