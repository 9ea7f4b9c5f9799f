# v0.19 call 2: the lagged columns path (GroupNorm / InstanceNorm forward, channels_last,
# one launch) against the cooperative and three-launch columns paths: GPU tests, then
# sweep_groupnorm.py (GPU time, as called, host) over the channels_last shapes, bf16.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
SET='[{"COLS_LAG":false,"COLS_COOP":false},{"COLS_LAG":false},{},{"COLS_LAG_WAVES":1},{"COLS_LAG_WAVES":4},{"COLS_LAG_BYTES":12582912},{"COLS_LAG_BYTES":41943040},{"COLS_PROGRAMS_PER_SM":4}]'
sw() { local name=$1 t=$2; shift 2; timeout -s INT $t python benchmarks/sweep_groupnorm.py $W/$name.json --layouts cl --fwd-only --no-torch --settings "$SET" "$@" > $W/$name.log 2>&1; }
timeout 240 python -m pytest -q -x tests/test_groupnorm.py -k "cuda and (cols or lag or rows_path or 4d)" > $W/pytest.log 2>&1 &
sw w1 240 --warm --cases unet320,unet640,unet1280 & sw w2 240 --warm --cases unet1280s,vae512,vae256 &
sw w3 240 --warm --cases vae128,in3d64 & sw w4 240 --warm --cases in3d32,in3d128,in2d &
sw w5 240 --warm --cases unet320,vae512,in3d128,in2d --dtype float32 &
wait; pack; echo warm $SECONDS; tail -3 $W/pytest.log
sw t_bf16 330; pack
sw t_fp32 100 --cases unet320,vae512,in3d128,in2d --dtype float32; pack
grep -v "^$" $W/t_bf16.log $W/t_fp32.log | grep -v compiled | cut -c1-140
echo SECONDS $SECONDS
