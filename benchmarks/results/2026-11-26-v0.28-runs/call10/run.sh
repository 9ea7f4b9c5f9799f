# v0.28 call 10 (H100): ncu of one backward launch (benchmarks/ncu_rows.py, the final
# tables): 16-bit LayerNorm at 12288 (PREFETCH with late terms, 84.8% as called) against
# RMSNorm at 12288 (the same schedule, w held, 91.0%) and LayerNorm at 32768 (replay 2,
# 91.8%): time, DRAM bytes and throughput, L2 hit rate, registers, warps active, and the
# warp state (stall) statistics.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp c10; }
NCUBIN=$(which ncu || ls /usr/local/cuda*/bin/ncu | head -1)
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers,launch__grid_size
for c in "layer_norm 12288" "rms_norm 12288" "layer_norm 32768"; do
  set -- $c
  timeout 60 $NCUBIN --clock-control none --metrics $M --section WarpStateStats -k regex:_rownorm_bwd --launch-skip 2 --launch-count 1 python benchmarks/ncu_rows.py $1 $2 bfloat16 bwd > $W/ncu_${1}_$2.txt 2>&1; pack
done
for f in $W/ncu_*.txt; do echo "== $f"; grep -E "gpu__time|dram__|lts__|sm__warps|launch__|Stall|Warp Cycles|Issued|Active Warps|^    [A-Z]" $f | head -40; done
echo SECONDS $SECONDS
