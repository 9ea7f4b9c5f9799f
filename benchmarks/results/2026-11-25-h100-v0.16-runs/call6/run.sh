# v0.16 call 6: the 16-bit RMSNorm cooperative forward read 84.5-84.6% at 64K this session
# (sweep and bench) against 88.0-88.4% in v0.9 / v0.11. A/B of the row norms' forward GPU
# time (ab_rows.py, replayed graphs) under three trees, alternated: abtrees/v09 = `git
# archive fdfb969 src` (v0.9's end), abtrees/v14 = `git archive 538483e src` (v0.14's end,
# before the reused workspace), and this tree.
export PYTHONUNBUFFERED=1
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
i=0
for t in v09 head v14 v09 head v14; do
  i=$((i+1))
  case $t in head) P=$PWD/src;; *) P=$PWD/abtrees/$t/src;; esac
  PYTHONPATH=$P timeout -s INT -k 5 80 python benchmarks/ab_rows.py $W/ab_${i}_$t.json $t --ops rms_norm,layer_norm --n 65536,262144,1048576 --dtypes bfloat16 > $W/ab_${i}_$t.log 2>&1; pack
done
cat $W/ab_*.log | grep -v "^$" | cut -c1-120
SWEEP_MODES=fwd SWEEP_N=32768,65536,131072,262144 SWEEP_OPS=rms SWEEP_DTYPES=bf16 SWEEP_FWD="default;4096/4/4" PYTHONPATH=$PWD/src timeout -s INT -k 5 90 python benchmarks/sweep_coop.py $W/rms444.json > $W/rms444.log 2>&1; pack
SWEEP_RES=1 SWEEP_MODES=fwd SWEEP_N=65536,262144 SWEEP_DTYPES=bf16 SWEEP_FWD="default;4096/4/4" PYTHONPATH=$PWD/src timeout -s INT -k 5 90 python benchmarks/sweep_coop.py $W/res444.json > $W/res444.log 2>&1; pack
cut -c1-120 $W/rms444.log $W/res444.log
