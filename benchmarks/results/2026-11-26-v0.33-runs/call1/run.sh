# v0.33 call 1 (two H100s; carries .whl/base = 68734c4's src as fusednorm_old): tensors on
# the GPU that is not current (test_devices.py), the CUDA tests of the paths the host
# change touched, host_ab.py against 68734c4 (two processes), and the rows suite's
# inference shapes forward as called beside torch eager.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v33c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v33c1; }
nvidia-smi -L > $W/gpus.txt
timeout 120 python -m pytest -q tests/test_devices.py > $W/devices.log 2>&1; tail -2 $W/devices.log; pack
timeout 150 python -m pytest -q -m gpu tests/test_rownorm.py tests/test_launch.py -k "cuda and (inference or eager or strided or launch or training or residual or noncontig or zero_rows or optional or mixed)" > $W/pytest.log 2>&1; tail -2 $W/pytest.log; pack
for p in a b; do timeout 100 python benchmarks/host_ab.py $W/ab_$p.json .whl/base --rounds 5 > $W/ab_$p.log 2>&1; pack; done
cat $W/ab_a.log $W/ab_b.log
timeout 150 python -m fusednorm.bench --suite rows --kind inference --mode fwd --providers fusednorm,torch --out $W/inf > $W/inf.log 2>&1; pack
grep -E "^\|" $W/inf/summary.md | head -60
echo SECONDS $SECONDS
