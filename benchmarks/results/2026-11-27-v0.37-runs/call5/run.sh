# v0.37 call 5 (H100), eb3ff20 + tests unchanged: fp32 LayerNorm at 32768 on the
# cooperative path (FWD_TILE_MAX 16384 in the new tree: its sums were shifted already)
# against v0.36's tile, 15 rounds; then every GPU test of test_rownorm.py in three shards.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v37c5; }
nvidia-smi -L > $W/gpus.txt
CELLS="layer_norm float32 32768,layer_norm float32 32768 stats"
sed -i 's/LN_N_STATS = (1024, 5120, 16384, 65536, 262144)/LN_N_STATS = (1024, 5120, 16384, 32768, 65536, 262144)/' benchmarks/ab_gpu.py
timeout 100 python benchmarks/ab_gpu.py $W/ab_tile.json .whl/old --suite rows --rounds 15 --cells "$CELLS" > $W/ab_tile.log 2>&1
timeout 100 python benchmarks/ab_gpu.py $W/ab_coop.json .whl/old --suite rows --rounds 15 --cells "$CELLS" --new-set FWD_TILE_MAX=16384 > $W/ab_coop.log 2>&1
cat $W/ab_tile.log $W/ab_coop.log | grep "^\["; pack
python -m pytest -q --collect-only -m gpu tests/test_rownorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n r/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 400 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rows$i.log 2>&1) & done
wait; for i in 0 1 2; do tail -1 $W/rows$i.log; done; grep -h "FAILED" $W/rows*.log | head; pack
echo SECONDS $SECONDS
