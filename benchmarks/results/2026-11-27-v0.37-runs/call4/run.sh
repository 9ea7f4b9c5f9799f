# v0.37 call 4 (H100), eb3ff20: div_rn for the unshifted means and the Chan merges' frac.
# The constant-input, one-pass and group-path tests; ab_gpu.py against v0.36's src: the
# fp32 LayerNorm tile cells as the library runs them and with TILE_ONE_PASS forced in the
# new tree (the one-pass form now forms xhat from d, so x is not held past it), 15 rounds;
# the group-path cells in bf16 and fp32 again (5 rounds).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v37c4; }
nvidia-smi -L > $W/gpus.txt
timeout 120 python -m pytest -q -p no:cacheprovider -m gpu tests/test_rownorm.py tests/test_groupnorm.py -k "constant or one_pass or group_path" > $W/tests.log 2>&1
tail -1 $W/tests.log; grep -h "FAILED" $W/tests.log | head
pack
CELLS="layer_norm float32 256,layer_norm float32 1024,layer_norm float32 4096,layer_norm float32 5120,layer_norm float32 12288,layer_norm float32 16384,layer_norm float32 32768,layer_norm float32 1024 stats,layer_norm float32 5120 stats,layer_norm float32 16384 stats"
timeout 120 python benchmarks/ab_gpu.py $W/ab_fp32.json .whl/old --suite rows --rounds 15 --cells "$CELLS" > $W/ab_fp32.log 2>&1
tail -1 $W/ab_fp32.log
timeout 120 python benchmarks/ab_gpu.py $W/ab_fp32_onepass.json .whl/old --suite rows --rounds 15 --cells "$CELLS" --new-set TILE_ONE_PASS=True > $W/ab_fp32_onepass.log 2>&1
tail -1 $W/ab_fp32_onepass.log; pack
G=""
for dt in bfloat16 float32; do for s in 16x320x64x64 16x640x32x32 16x1280x16x16 16x1280x8x8; do G="$G,group_norm $dt $s,group_norm $dt $s cl"; done; done
timeout 150 python benchmarks/ab_gpu.py $W/ab_groups.json .whl/old --suite groups --group-dtypes bfloat16,float32 --cells "${G:1}" > $W/ab_groups.log 2>&1
tail -1 $W/ab_groups.log; pack
echo SECONDS $SECONDS
