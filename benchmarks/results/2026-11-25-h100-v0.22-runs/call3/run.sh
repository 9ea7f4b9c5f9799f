# v0.22 call 3: (1) fp32 tile-path backward configs at 256-4096, the spilling table
# entries against spill-free neighbours (sweep_coop.py, GPU time, two processes);
# (2) ncu of the 16-bit cooperative forward at 128K: layer_norm against add_layer_norm
# and rms_norm (v0.21 lead 2).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
F="SWEEP_MODES=bwd SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms"
A="$F SWEEP_N=256 SWEEP_BWD=default;t32/8/1;t16/8/1;t16/4/2;t8/4/2;t8/2/4"
AR="$F SWEEP_N=256 SWEEP_RES=1 SWEEP_BWD=default;t8/2/4;t4/2/4;t8/4/2;t16/8/1;t4/1/8"
B="$F SWEEP_N=512 SWEEP_RES=1 SWEEP_BWD=default;t4/2/4;t2/2/4;t4/4/2;t8/8/1;t16/8/1"
C="$F SWEEP_N=1024 SWEEP_BWD=default;t4/4/2;t2/4/2;t4/8/1;t2/2/4;t8/8/1;t4/4/3"
CR="$F SWEEP_N=1024 SWEEP_RES=1 SWEEP_BWD=default;t4/4/2;t2/4/2;t4/8/1;t2/2/4;t8/8/1;t4/4/3"
D="$F SWEEP_N=2048,4096 SWEEP_RES=1 SWEEP_BWD=default;t2/4/2;t1/4/2;t2/8/1;t1/8/1;t1/2/4"
run() { local name=$1 t=$2; shift 2; env "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wa 200 SWEEP_WARM=1 $A & run war 200 SWEEP_WARM=1 $AR & run wb 200 SWEEP_WARM=1 $B &
run wc 200 SWEEP_WARM=1 $C & run wcr 200 SWEEP_WARM=1 $CR & run wd 200 SWEEP_WARM=1 $D &
wait; pack; echo warm $SECONDS
for p in a b; do
  run a_$p 40 $A; run ar_$p 40 $AR; run b_$p 40 $B; run c_$p 45 $C; run cr_$p 45 $CR; run d_$p 50 $D; pack
done
NCUBIN=$(which ncu || ls /usr/local/cuda*/bin/ncu | head -1)
NCU="$NCUBIN --clock-control none --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats"
for op in layer_norm add_layer_norm rms_norm; do
  timeout 60 $NCU -k regex:_rownorm_fwd --launch-skip 2 --launch-count 1 python benchmarks/ncu_rows.py $op 131072 bfloat16 > $W/ncu_${op}_bf16_128k.txt 2>&1; pack
done
for f in a_a a_b ar_a ar_b b_a b_b c_a c_b cr_a cr_b d_a d_b; do echo "== $f"; grep -v "^$" $W/$f.log | cut -c1-100; done
grep -h "Duration\|DRAM Throughput\|Registers Per\|Achieved Occupancy\|Issue Slots Busy\|No Eligible\|Block Limit Registers\|Warp Cycles Per Issued" $W/ncu_*.txt
echo SECONDS $SECONDS
