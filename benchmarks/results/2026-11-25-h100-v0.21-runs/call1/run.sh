# v0.21 call 1: candidate configs (sweep_coop.py, GPU time, two processes each, alternated)
#  bw:  16-bit RMSNorm backward at 32K-128K (64K: the weakest backward cell, 81%) with the
#       replay-2 schedule at 4-8 programs per SM (64 registers), replay 1, 1024-slices;
#  bh:  the replay ones with w held (FUSEDNORM_HOLD_W=1: 95 registers, 5 per SM fit);
#  fw:  the 16-bit forward at 64K / 256K / 512K: more programs per SM (2048 / 4 / 6 or 8),
#       two rows a step on 2048 / 4 / 4, 4096 / 4 / 3;
#  s3 / s4: 16-bit forward at 768K / 1M, SYNC 3 forced against the table (SYNC 4 at 8192);
#  r32: fp32 RMSNorm backward at 1M (78%), 8 / 16 warps, replay 0-2, w held.
export PYTHONUNBUFFERED=1
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
export PYTHONPATH=$PWD/src
BW="SWEEP_MODES=bwd SWEEP_N=32768,65536,131072 SWEEP_DTYPES=bf16 SWEEP_OPS=rms"
BWC="default;2048/4/4/1/1/2;2048/4/5/1/1/2;2048/4/6/1/1/2;2048/4/8/1/1/2;2048/4/4/1/1/1;1024/4/8/1/1/0/1"
BHC="2048/4/4/1/1/2;2048/4/5/1/1/2;2048/4/6/1/1/2"
FW="SWEEP_MODES=fwd SWEEP_N=65536,262144,524288 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms"
FWC="default;2048/4/8/1/1/0/1;2048/4/6/1/1/0/1;2048/4/4/1/2/0/1;2048/4/4/1/2/0/0;4096/4/3/1/1/0/1"
S="SWEEP_MODES=fwd SWEEP_N=786432,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_FWD=default"
R32="SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_DTYPES=fp32 SWEEP_OPS=rms"
R32C="default;8192/16/1/1/1/1;8192/16/1/1/1/2;8192/8/1/1/1/1;8192/8/1/1/1/0"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wbw 240 SWEEP_WARM=1 $BW SWEEP_BWD="$BWC" & run wbh 240 SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 $BW SWEEP_BWD="$BHC" &
run wfw 240 SWEEP_WARM=1 $FW SWEEP_FWD="$FWC" & run ws3 240 SWEEP_WARM=1 SWEEP_SYNC=3 $S & run ws4 240 SWEEP_WARM=1 $S &
run wr 240 SWEEP_WARM=1 $R32 SWEEP_BWD="$R32C" & run wrh 240 SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 $R32 SWEEP_BWD="$R32C" &
wait; pack; echo warm $SECONDS
for k in a b; do
  run bw_$k 60 $BW SWEEP_BWD="$BWC"; run bh_$k 40 FUSEDNORM_HOLD_W=1 $BW SWEEP_BWD="$BHC"; pack
  run fw_$k 80 $FW SWEEP_FWD="$FWC"; pack
  run s4_$k 30 $S; run s3_$k 30 SWEEP_SYNC=3 $S; pack
  run r_$k 40 $R32 SWEEP_BWD="$R32C"; run rh_$k 40 FUSEDNORM_HOLD_W=1 $R32 SWEEP_BWD="$R32C"; pack
  echo round $k $SECONDS
done
for g in "bw_a bw_b bh_a bh_b" "fw_a fw_b" "s4_a s4_b s3_a s3_b" "r_a r_b rh_a rh_b"; do
  python benchmarks/compare_sweeps.py $W $g
done > $W/compare.txt; cat $W/compare.txt; pack
echo SECONDS $SECONDS
