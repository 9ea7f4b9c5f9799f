# v0.24 call 5 (the H100 of call 4): per-launch GPU time of the channels_last columns path
# (stats, combine, apply; forward and backward), bf16, defaults and 3 / 4 programs per SM.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
git rev-parse HEAD > $W/rev 2>/dev/null
timeout 300 python benchmarks/diag_cols.py unet320,unet640,vae256,vae128,in3d64,in3d128 --settings '[{}, {"COLS_PROGRAMS_PER_SM": 3}, {"COLS_PROGRAMS_PER_SM": 4}]' > $W/diag.log 2>&1; pack
cut -c1-260 $W/diag.log | grep -v "^   " ; echo SECONDS $SECONDS
