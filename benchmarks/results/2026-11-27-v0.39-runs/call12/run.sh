# v0.39 call 12 (H100): the final src after the cooperative kernels' shared helpers (the
# forward's PTX unchanged; the backward's where Cg is a power of two changed, same
# registers). The cooperative, constant-group, determinism and launcher tests of
# test_groupnorm.py on the GPU; then sweep_groupnorm.py channels_last, the defaults against
# COLS_COOP_BWD 0 at the power-of-two cooperative shapes (in2d, p512, p256; bf16, fp32).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp v39c12; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cols_coop or constant_groups or deterministic or launchers or training_path" > $W/tests.log 2>&1
tail -2 $W/tests.log; pack
S='[{}, {"COLS_COOP_BWD": 0}]'
timeout 100 python benchmarks/sweep_groupnorm.py $W/bf16.json --no-torch --layouts cl --cases in2d,p512,p256 --settings "$S" > $W/bf16.log 2>&1
cat $W/bf16.log; pack
timeout 80 python benchmarks/sweep_groupnorm.py $W/fp32.json --no-torch --layouts cl --cases in2d,unet320 --dtype float32 --settings "$S" > $W/fp32.log 2>&1
cat $W/fp32.log; pack
echo SECONDS $SECONDS
