export PYTHONPATH=$PWD/src
NCU="ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats --section ComputeWorkloadAnalysis"
NCUBIN=$(which ncu || ls /usr/local/cuda*/bin/ncu | head -1); NCU="${NCU/ncu/$NCUBIN}"
for op in layer_norm rms_norm; do
  timeout 60 $NCU -k regex:_rownorm_fwd --launch-skip 2 --launch-count 1 python benchmarks/ncu_rows.py $op 262144 bfloat16 > $OUT/ncu_${op}_bf16_256k.txt 2>&1
done
timeout 60 $NCU -k regex:_rownorm_fwd --launch-skip 2 --launch-count 1 python benchmarks/ncu_rows.py layer_norm 262144 float32 > $OUT/ncu_layer_norm_fp32_256k.txt 2>&1
cd benchmarks
for c in vae512 in2d; do
  timeout 60 $NCU -k regex:_groupnorm_cols_coop --launch-skip 2 --launch-count 1 python ncu_groupnorm.py $c cl > $OUT/ncu_coop_$c.txt 2>&1
done
cd ..
grep -h "Duration\|DRAM Throughput\|Registers Per\|Achieved Occupancy\|Issue Slots Busy\|No Eligible\|Block Limit Registers" $OUT/ncu_*.txt
CL="unet320,unet640,vae512,in3d128,in2d"
timeout -s INT 150 python benchmarks/sweep_groupnorm.py $OUT/cl2_bf16.json --layouts cl --fwd-only --no-torch --cases $CL --settings '[{"COLS_COOP": false}, {"COLS_COOP_MERGE_WORDS": 0}, {"COLS_COOP_MERGE_WORDS": 0, "COLS_COOP_WARPS": 8, "COLS_COOP_TILE": 8192}, {"COLS_COOP_MERGE_WORDS": 0, "COLS_COOP_STAGES": 4}, {"COLS_COOP_MERGE_WORDS": 0, "COLS_COOP_L2_BYTES": 37748736}, {"COLS_COOP_MERGE_WORDS": 0, "COLS_COOP_WARPS": 8}]' > $OUT/cl2_bf16.log 2>&1
cut -c1-120 $OUT/cl2_bf16.log
