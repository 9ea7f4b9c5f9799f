# v0.16 call 7: 16-bit RMSNorm forward with slice 4096 / 4 warps / 4 per SM
# (FWD_COOP_RMS16): GPU tests of the cooperative row norms, the bench's rms_norm forward at
# 64K-1M (bf16, fp16; fusednorm / torch / compile); then tests/test_groupnorm.py's GPU
# cases (GN_FWD_COOP, GN_BWD_COOP, KEEP_DZ) with a longer limit than call 3's.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
timeout -s INT -k 10 100 python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "cooperative or million or stale or graph" > $W/pytest_rows.log 2>&1
tail -n 1 $W/pytest_rows.log; pack
timeout -s INT -k 5 90 python -m fusednorm.bench --suite rows --op rms_norm --kind sweep --n 65536,131072,262144,1048576 --mode fwd --dtype bf16,fp16 --providers fusednorm,torch,compile --out $W/rms > $W/rms.log 2>&1; pack
left=$((570 - SECONDS)); timeout -s INT -k 10 $left python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k cuda > $W/pytest_gn.log 2>&1; pack
grep -h "passed\|failed\|rror" $W/pytest*.log | tail -4
tail -n 1 $W/pytest_gn.log | cut -c1-200
grep -B1 -A8 "rms_norm / .* / fwd" $W/rms/summary.md | cut -c1-120
