# v0.24 call 15 (ask for an H100): ncu of the 16-bit LayerNorm forward at 64K / 128K / 256K
# (the 128K dip with the same bytes a step): DRAM bytes read / written, L2 hit rate, time,
# DRAM throughput, one launch each (benchmarks/ncu_rows.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c15; mkdir -p $W
pack() { tar czf $OUT/call15.tgz -C /tmp c15; }
NCUBIN=$(which ncu || ls /usr/local/cuda*/bin/ncu | head -1)
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,sm__warps_active.avg.pct_of_peak_sustained_active
for n in 65536 131072 262144; do
  timeout 100 $NCUBIN --clock-control none --metrics $M -k regex:_rownorm_fwd --launch-skip 2 --launch-count 1 python benchmarks/ncu_rows.py layer_norm $n bfloat16 > $W/ncu_ln_bf16_$n.txt 2>&1; pack
done
for n in 65536 131072 262144; do echo "== $n"; grep -E "gpu__time|dram__|lts__|sm__warps" $W/ncu_ln_bf16_$n.txt; done
echo SECONDS $SECONDS
