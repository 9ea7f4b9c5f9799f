# v0.22 call 2: the cooperative columns forward pipelined across rounds (read sample n,
# then write sample n - Q, then reduce n): GPU tests, then sweep_groupnorm.py forward,
# channels_last, settings against the unpipelined kernel and the columns path.
export PYTHONUNBUFFERED=1
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
export PYTHONPATH=$PWD/src:$PWD/benchmarks
timeout 150 python -m pytest -q -x tests/test_groupnorm.py -k "cols_coop" -p no:cacheprovider > $W/tests.log 2>&1; tail -n 2 $W/tests.log; pack
S='[{"COLS_COOP_PIPELINE": false}, {}, {"COLS_COOP_L2_BYTES": 12582912}, {"COLS_COOP_MAX_GROUPS": 128}, {"COLS_COOP_MAX_GROUPS": 128, "COLS_COOP_L2_BYTES": 12582912}, {"COLS_COOP": false}]'
timeout 220 python benchmarks/sweep_groupnorm.py $W/bf16.json --layouts cl --fwd-only --no-torch --cases in2d,vae512,in3d128 --settings "$S" > $W/bf16.log 2>&1; pack
S2='[{"COLS_COOP_PIPELINE": false}, {}, {"COLS_COOP_L2_BYTES": 12582912}, {"COLS_COOP": false}]'
left=$((540 - SECONDS)); timeout $left python benchmarks/sweep_groupnorm.py $W/fp32.json --dtype float32 --layouts cl --fwd-only --no-torch --cases in2d,vae512 --settings "$S2" > $W/fp32.log 2>&1; pack
cat $W/bf16.log $W/fp32.log | grep -v "^NVIDIA"; echo SECONDS $SECONDS
