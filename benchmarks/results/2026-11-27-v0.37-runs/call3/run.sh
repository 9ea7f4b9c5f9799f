# v0.37 call 3 (H100): SHIFT only where a plain sum of equal values can round (rows tile:
# _tile_shift; group path: _group_shift), the tile ONE_PASS's xhat as one FMA from d, the
# group path's mean divided. The constant-input tests; ab_gpu.py against v0.36's src: the
# group-path shapes in bf16 and fp32 (5 rounds), the rows cells call 2 flagged and the
# ONE_PASS cells (15 rounds, two processes).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp v37c3; }
nvidia-smi -L > $W/gpus.txt
timeout 90 python -m pytest -q -p no:cacheprovider -m gpu tests/test_rownorm.py tests/test_groupnorm.py -k "constant or one_pass" > $W/tests.log 2>&1
tail -1 $W/tests.log; grep -h "FAILED" $W/tests.log | head
pack
G=""
for dt in bfloat16 float32; do for s in 16x320x64x64 16x640x32x32 16x1280x16x16 16x1280x8x8; do G="$G,group_norm $dt $s,group_norm $dt $s cl"; done; G="$G,instance_norm $dt 16x64x128x128,instance_norm $dt 16x64x128x128 cl"; done
timeout 200 python benchmarks/ab_gpu.py $W/ab_groups.json .whl/old --suite groups --group-dtypes bfloat16,float32 --cells "${G:1}" > $W/ab_groups.log 2>&1
tail -1 $W/ab_groups.log; pack
CELLS="layer_norm float32 32768,layer_norm float32 16384,layer_norm float32 5120,layer_norm float32 1024 stats,layer_norm bfloat16 1024 stats,layer_norm bfloat16 1024,layer_norm bfloat16 12288,layer_norm float16 12288,layer_norm bfloat16 32768,layer_norm float16 32768,layer_norm float16 16384,add_layer_norm bfloat16 12288"
for p in a b; do
  timeout 120 python benchmarks/ab_gpu.py $W/ab_rows_$p.json .whl/old --suite rows --rounds 15 --cells "$CELLS" > $W/ab_rows_$p.log 2>&1
  tail -1 $W/ab_rows_$p.log
done
pack
echo SECONDS $SECONDS
