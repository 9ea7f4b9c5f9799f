# v0.27 call 1 (H100): (A) 16-bit LayerNorm backward without dh at 5120-64K (83-88% as
# called), cooperative candidates around the table's 2048 / 4 / 4 replay 2 (replay depth,
# L2 steps, programs per SM, slices, PREFETCH), each in four processes: the tables' flags,
# FUSEDNORM_STATS_AHEAD=1, FUSEDNORM_HOLD_W=1, both; tile variants at 5120. (B) 16-bit
# LayerNorm forward (inference variant) at 64K-1M (90.6-91.9% as called). GPU time
# (sweep_coop.py). (C) The bench's sample length (--sample-ms 0.2, the default, against 2):
# groups UNet backward cells, rows inference cells, silu_ab.py's UNet cells, as called.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
A="default;2048/4/4/1/1/2/2;2048/4/4/1/1/2/0;2048/4/4/1/1/3/1;2048/4/4/1/1/1/1;2048/4/5/1/1/2/1;2048/4/3/1/1/2/1;1024/4/8/1/1/2/1;1024/2/8/1/1/2/1;4096/8/2/1/1/2/1;2048/4/4/1/1/0/1;4096/4/2/1/1/0/1"
BF="default;4096/4/4/1/1/1/1;4096/4/4/1/1/2/1;4096/4/4/1/1/0/2;4096/4/4/1/2/0/1;2048/4/4/1/2/0/1;8192/8/2/1/1/1/1;8192/8/2/1/1/0/2;16384/16/1/1/1/0/1;4096/4/3/1/1/0/1;4096/8/2/1/1/0/1"
T5="default;T1/8/1;T1/16/1;T2/16/1;t1/8/1;t2/8/1;t1/16/1;t1/4/2;t2/16/1"
export SWEEP_OPS=ln SWEEP_DTYPES=bf16
pa() { SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536 SWEEP_BWD="$A" run "$@"; }
pt() { SWEEP_MODES=bwd SWEEP_N=5120 SWEEP_BWD="$T5" run "$@"; }
pb() { SWEEP_MODES=fwd SWEEP_INFER=1 SWEEP_N=65536,131072,262144,1048576 SWEEP_FWD="$BF" run "$@"; }
SWEEP_WARM=1 pa $W/warm_a0.json > $W/warm_a0.log 2>&1 &
SWEEP_WARM=1 FUSEDNORM_STATS_AHEAD=1 pa $W/warm_a1.json > $W/warm_a1.log 2>&1 &
SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 pa $W/warm_a2.json > $W/warm_a2.log 2>&1 &
SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 FUSEDNORM_STATS_AHEAD=1 pa $W/warm_a3.json > $W/warm_a3.log 2>&1 &
SWEEP_WARM=1 pt $W/warm_t.json > $W/warm_t.log 2>&1 &
SWEEP_WARM=1 pb $W/warm_b.json > $W/warm_b.log 2>&1 &
wait; pack; echo WARM $SECONDS
T=90 pa $W/a0.json > $W/a0.log 2>&1
T=90 FUSEDNORM_STATS_AHEAD=1 pa $W/a1.json > $W/a1.log 2>&1
T=90 FUSEDNORM_HOLD_W=1 pa $W/a2.json > $W/a2.log 2>&1
T=90 FUSEDNORM_HOLD_W=1 FUSEDNORM_STATS_AHEAD=1 pa $W/a3.json > $W/a3.log 2>&1
T=60 pt $W/t.json > $W/t.log 2>&1
T=90 pb $W/b1.json > $W/b1.log 2>&1
T=90 pb $W/b2.json > $W/b2.log 2>&1
pack; echo SWEEPS $SECONDS
G="python -m fusednorm.bench --suite groups --op group_norm --dtype bf16 --mode bwd --shape 16x320x64x64,16x1280x16x16"
R="python -m fusednorm.bench --suite rows --kind inference --op layer_norm --dtype bf16 --mode fwd,bwd"
for p in 1 2; do for s in 0.2 2; do
  timeout -s INT 60 $G --sample-ms $s --out $W/g_${s}_$p > $W/g_${s}_$p.log 2>&1
  timeout -s INT 60 $R --sample-ms $s --out $W/r_${s}_$p > $W/r_${s}_$p.log 2>&1
  timeout 60 python benchmarks/silu_ab.py $W/silu_${s}_$p.json --rounds 2 --cases unet320,unet1280 --sample-ms $s > $W/silu_${s}_$p.log 2>&1
  pack
done; done
rm -f $W/*/*.png; pack
for f in a0 a1 a2 a3 t b1 b2; do echo "== $f"; grep -v "^NVIDIA" $W/$f.log | sed 's/layer_norm bfloat16 //'; done
for f in $W/g_*_?/summary.md $W/r_*_?/summary.md; do echo "== $f"; grep "^|" $f | grep -v "|---"; done
for f in $W/silu_*.log; do echo "== $f"; tail -n 12 $f; done
echo SECONDS $SECONDS
