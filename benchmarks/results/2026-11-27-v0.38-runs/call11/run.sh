# v0.38 call 11 (H100), the final src: every GPU test of test_groupnorm.py (two shards) and
# diag_coop_cols.py on the TIMING variant as kept.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v38c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v38c11; }
nvidia-smi -L > $W/gpus.txt
python -m pytest -q --collect-only -m gpu tests/test_groupnorm.py tests/test_launch.py -p no:cacheprovider 2>/dev/null | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/2 -d $W/ids.txt $W/ids_
for i in 0 1; do (mapfile -t IDS < $W/ids_0$i; timeout 380 python -m pytest -q -p no:cacheprovider "${IDS[@]}" > $W/gn$i.log 2>&1) & done
wait; for i in 0 1; do tail -1 $W/gn$i.log; done; grep -h "FAILED\|Error" $W/gn*.log | head; pack
timeout 100 python benchmarks/diag_coop_cols.py $W/diag.json --cases p512,in2d --reps 5 > $W/diag.log 2>&1
cat $W/diag.log; pack
echo SECONDS $SECONDS
