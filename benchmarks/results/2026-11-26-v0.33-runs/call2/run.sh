# v0.33 call 2 (two GPUs; carries .whl/preguard = 326c157's src, before the launch guard):
# test_devices.py on this tree, then the same tests on the tree before the guard (expected
# to fail: Triton launched on the current GPU with the other GPU's addresses).
export PYTHONUNBUFFERED=1
W=/tmp/v33c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v33c2; }
nvidia-smi -L > $W/gpus.txt
PYTHONPATH=$PWD/src timeout 150 python -m pytest -q tests/test_devices.py > $W/devices.log 2>&1; tail -2 $W/devices.log; pack
for t in "rows_on_other_gpu and layer_norm-4096" "rows_on_other_gpu and rms_norm-65536" "groups_on_other_gpu and nchw"; do
  PYTHONPATH=$PWD/.whl/preguard timeout 100 python -m pytest -q tests/test_devices.py -k "$t" -p no:cacheprovider >> $W/preguard.log 2>&1; tail -1 $W/preguard.log; done; pack
grep -E "^E  " $W/preguard.log | sort | uniq -c | head -20
echo SECONDS $SECONDS
