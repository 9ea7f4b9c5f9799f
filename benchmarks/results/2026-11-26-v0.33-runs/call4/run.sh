# v0.33 call 4 (H100): the GPU tests outside test_rownorm.py (call 3's shard of them ran out
# of time), three shards side by side; the rows suite's inference shapes as called, every
# op / dtype / mode, fusednorm beside torch eager, timed side by side (time_many_ms); two
# sweep shapes as a check that GPU-bound cells read as before.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v33c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v33c4; }
python -m pytest -q --collect-only -m gpu tests/test_groupnorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/gn_ids.txt
split -n l/2 -d $W/gn_ids.txt $W/gn_
for i in 0 1; do (mapfile -t IDS < $W/gn_0$i; timeout 400 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/gn$i.log 2>&1) & done
(timeout 400 python -m pytest -q -m gpu -p no:cacheprovider tests/test_patch.py tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py tests/test_bench.py tests/test_devices.py > $W/rest.log 2>&1) &
wait; for f in $W/gn0.log $W/gn1.log $W/rest.log; do tail -1 $f; done; pack
timeout 150 python -m fusednorm.bench --suite rows --kind inference --providers fusednorm,torch --out $W/inf > $W/inf.log 2>&1; pack
grep -E "^\| rows" $W/inf/summary.md | head -40
timeout 60 python -m fusednorm.bench --suite rows --kind sweep --op rms_norm,layer_norm --dtype bf16 --n 4096,65536 --mode fwd,bwd --providers fusednorm,torch --out $W/sw > $W/sw.log 2>&1; pack
grep -E "^\| (4096|65536|[0-9]+x)" $W/sw/summary.md | head -20
echo SECONDS $SECONDS
