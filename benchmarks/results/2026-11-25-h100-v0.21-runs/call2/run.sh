# v0.21 call 2: the tree (16-bit RMSNorm backward at 64K: 2048 / 4 / 5, replay 2, w held)
# against 27a913a (.whl/base/src), sweep_coop.py library defaults, GPU time, two processes
# each, alternated (d*); then candidates, two processes each:
#  h*:  the backward with dh, w held (FUSEDNORM_HOLD_W=1) against the table (never held
#       with dh), bf16 / fp32, LN / RMS, 12288 / 64K / 256K / 1M;
#  l*:  16-bit LayerNorm backward: 2048 / 4 / 5 replay 2 held at 12288-64K; at 1M 8192 on
#       8 / 16 warps with replay 1-2, held (lh) or not (l0);
#  f*:  16-bit RMSNorm forward: SYNC 4 forced at 768K / 1M; two rows a step on 2048 / 4 / 4
#       at 64K / 128K;
# then GPU tests of the tree.
export PYTHONUNBUFFERED=1
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
D="SWEEP_MODES=bwd SWEEP_N=32768,65536,131072 SWEEP_DTYPES=bf16,fp16 SWEEP_OPS=rms SWEEP_BWD=default"
H="SWEEP_RES=1 SWEEP_MODES=bwd SWEEP_N=12288,65536,262144,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default"
L="SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536 SWEEP_DTYPES=bf16 SWEEP_OPS=ln"
LC="default;2048/4/5/1/1/2/1"
M="SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln"
MC="default;8192/8/1/1/1/2;8192/16/1/1/1/2;8192/8/1/1/1/1;8192/16/1/1/1/1"
S="SWEEP_MODES=fwd SWEEP_N=786432,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=rms SWEEP_FWD=default"
T="SWEEP_MODES=fwd SWEEP_N=65536,131072 SWEEP_DTYPES=bf16,fp16 SWEEP_OPS=rms"
TC="default;2048/4/4/1/2/0/1"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run w1 $B 240 SWEEP_WARM=1 $D & run w2 $NEW 240 SWEEP_WARM=1 $D &
run w3 $NEW 240 SWEEP_WARM=1 $H & run w4 $NEW 240 SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 $H &
run w5 $NEW 240 SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 $L SWEEP_BWD="$LC" &
run w6 $NEW 240 SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 $M SWEEP_BWD="$MC" & run w7 $NEW 240 SWEEP_WARM=1 FUSEDNORM_HOLD_W=0 $M SWEEP_BWD="$MC" &
run w8 $NEW 240 SWEEP_WARM=1 SWEEP_SYNC=4 $S & run w9 $NEW 240 SWEEP_WARM=1 $S & run w10 $NEW 240 SWEEP_WARM=1 $T SWEEP_FWD="$TC" &
wait; pack; echo warm $SECONDS
for k in a b; do
  run dbase_$k $B 40 $D; run dnew_$k $NEW 40 $D; pack
  run h_$k $NEW 60 $H; run hh_$k $NEW 60 FUSEDNORM_HOLD_W=1 $H; pack
  run l_$k $NEW 40 FUSEDNORM_HOLD_W=1 $L SWEEP_BWD="$LC"; pack
  run lh_$k $NEW 40 FUSEDNORM_HOLD_W=1 $M SWEEP_BWD="$MC"; run l0_$k $NEW 40 FUSEDNORM_HOLD_W=0 $M SWEEP_BWD="$MC"; pack
  run f3_$k $NEW 30 $S; run f4_$k $NEW 30 SWEEP_SYNC=4 $S; run t_$k $NEW 40 $T SWEEP_FWD="$TC"; pack
  echo round $k $SECONDS
done
for g in "dbase_a dbase_b dnew_a dnew_b" "h_a h_b hh_a hh_b" "l_a l_b" "lh_a lh_b l0_a l0_b" "f3_a f3_b f4_a f4_b" "t_a t_b"; do
  python benchmarks/compare_sweeps.py $W $g
done > $W/compare.txt; cat $W/compare.txt; pack
export PYTHONPATH=$NEW
timeout 200 python -m pytest -q -x tests/test_rownorm.py -k "cuda and (hold_w or replay or cooperative or configs)" > $W/pytest_rows.log 2>&1; tail -2 $W/pytest_rows.log; pack
echo SECONDS $SECONDS
