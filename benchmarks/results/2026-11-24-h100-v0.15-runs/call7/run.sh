# v0.15 call 7: the whole test suite on the GPU at the session's final kernels (ec746ed
# and later: no kernel change after call 6).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
git log --oneline -1 >> $W/gpu.txt 2>/dev/null
timeout -s INT -k 10 560 python -m pytest -q -p no:cacheprovider tests > $W/pytest_all.log 2>&1
pack
tail -n 15 $W/pytest_all.log | cut -c1-200
