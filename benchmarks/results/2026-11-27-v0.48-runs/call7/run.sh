# v0.48 call 7 (H100), the final src: 1. sweep_groupnorm.py, bf16, L.CAPTURE_TICKETS off /
# on alternated twice (GPU time), the row norms' forward now asking the L2 for its words
# (TICKET 2; call 6: UNet 640's captured forward 71.8 against 78.5); 2. diag_hang.py at
# 16x1280x16x16; 3. every GPU test (-m gpu, all files), eight processes.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v48c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v48c7; }
nvidia-smi -L > $W/gpus.txt
OFF='{"L.CAPTURE_TICKETS": false}'; ON='{"L.CAPTURE_TICKETS": true}'
timeout 150 python benchmarks/sweep_groupnorm.py $W/tk_none.json --cases unet640,unet320,unet1280,vae512,in2d,in3d64 --no-torch --settings "[$OFF, $ON, $OFF, $ON]" > $W/tk_none.log 2>&1
tail -2 $W/tk_none.log; pack
timeout -k 5 -s USR1 40 python benchmarks/results/2026-11-27-v0.48-runs/call4/diag_hang.py 16x1280x16x16 > $W/hang.log 2>&1; echo rc $? >> $W/hang.log; tail -2 $W/hang.log
python -m pytest --co -q -m gpu -p no:cacheprovider tests | grep "::" > $W/ids.txt
wc -l < $W/ids.txt
split -n r/8 -d $W/ids.txt $W/part
for p in $W/part0*; do
  (tr '\n' '\0' < $p | xargs -0 timeout 330 python -m pytest -q -p no:cacheprovider > $p.log 2>&1) &
done
wait
for p in $W/part0*.log; do tail -1 $p; grep -E "^FAILED|^ERROR" $p | head -5; done; rm -f $W/part0?; pack
echo SECONDS $SECONDS
