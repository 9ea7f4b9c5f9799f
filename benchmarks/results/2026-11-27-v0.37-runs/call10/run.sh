# v0.37 call 10 (H100), the final src: ab_gpu.py against v0.36's src over all its rows
# cells and the groups suite's bf16 cells plus the fp32 group-path cells (5 rounds); then
# every GPU test of test_rownorm.py in three shards.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp v37c10; }
nvidia-smi -L > $W/gpus.txt
timeout 150 python benchmarks/ab_gpu.py $W/ab_rows.json .whl/old --suite rows > $W/ab_rows.log 2>&1
tail -1 $W/ab_rows.log; pack
timeout 110 python benchmarks/ab_gpu.py $W/ab_groups.json .whl/old --suite groups > $W/ab_groups.log 2>&1
tail -1 $W/ab_groups.log; pack
G=""
for s in 16x320x64x64 16x640x32x32 16x1280x16x16 16x1280x8x8; do G="$G,group_norm float32 $s,group_norm float32 $s cl"; done
timeout 70 python benchmarks/ab_gpu.py $W/ab_groups_fp32.json .whl/old --suite groups --group-dtypes float32 --cells "${G:1}" > $W/ab_groups_fp32.log 2>&1
tail -1 $W/ab_groups_fp32.log; pack
python -m pytest -q --collect-only -m gpu tests/test_rownorm.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
split -n r/3 -d $W/ids.txt $W/ids_
for i in 0 1 2; do (mapfile -t IDS < $W/ids_0$i; timeout 250 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/rows$i.log 2>&1) & done
wait; for i in 0 1 2; do tail -1 $W/rows$i.log; done; grep -h "FAILED" $W/rows*.log | head; pack
echo SECONDS $SECONDS
