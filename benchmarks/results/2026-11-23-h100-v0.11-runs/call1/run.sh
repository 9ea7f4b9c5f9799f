export PYTHONPATH=$PWD/src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
timeout -s INT 200 python -m pytest -x -q tests/test_groupnorm.py -k "(cuda or gpu) and (cols or large or repeated or launchers or rows_path or sum_partials or deterministic or cuda_graph)" > $OUT/pytest_groups.log 2>&1; echo "rc $?" >> $OUT/pytest_groups.log
tail -n 3 $OUT/pytest_groups.log
CL="unet320,unet640,vae512,vae256,vae128,in3d64,in3d32,in3d128,in2d"
timeout -s INT 200 python benchmarks/sweep_groupnorm.py $OUT/cl_bf16.json --layouts cl --fwd-only --no-torch --cases $CL --settings '[{"COLS_COOP": false}, {}, {"COLS_COOP_PPS": 2}, {"COLS_COOP_L2_BYTES": 12582912}, {"COLS_COOP_MERGE_WORDS": 1048576}, {"COLS_COOP_MERGE_WORDS": 0}]' > $OUT/cl_bf16.log 2>&1
timeout -s INT 90 python benchmarks/sweep_groupnorm.py $OUT/cl_fp32.json --dtype float32 --layouts cl --fwd-only --no-torch --cases $CL --settings '[{"COLS_COOP": false}, {}]' > $OUT/cl_fp32.log 2>&1
cat $OUT/cl_bf16.log $OUT/cl_fp32.log | cut -c1-150
